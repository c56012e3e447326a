import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { defineEvent } from '@clinic/contracts';
import { rows, type Database } from '../db/database';
import { migrate } from '../db/migrate';
import { Metrics } from '../metrics/metrics';
import { ServiceRuntime } from '../runtime/service-runtime';
import { testEngines } from '../testing/engines';
import { eventually, silentLogger, uniqueWord } from '../testing/support';
import type { Bus } from './bus';
import type { RetryPolicy } from './consumer';
import { OutboxRelay } from './relay';
import { defineSubscriber } from './subscriber';

export interface EventsHarness {
  openDatabase(): Promise<Database>;
  openBus(): Promise<Bus>;
  /** Kafka needs seconds to form consumer groups. */
  timeoutMs: number;
}

/**
 * The delivery guarantees of outbox + relay + bus + inbox, run against LocalBus on PGlite and
 * against Kafka on PostgreSQL: nothing from a rolled-back transaction, everything committed
 * exactly once in effect per subscribing service, also across a relay crash mid-batch and a
 * subscriber that fails before succeeding; per-key order; dead letters for what never succeeds.
 */
export function describeEventsContract(label: string, harness: EventsHarness): void {
  describe(`Events contract: ${label}`, () => {
    jest.setTimeout(harness.timeoutMs * 3);
    let database: Database;
    let bus: Bus;
    let metrics: Metrics;
    let runtimes: ServiceRuntime[];
    const word = uniqueWord(6);
    // A fresh topic per test: Kafka keeps history and new consumer groups read it from the start.
    const newEvent = () =>
      defineEvent({
        name: `item-added-${uniqueWord(8)}`,
        version: 1,
        schema: z.object({ key: z.string(), n: z.number().int() }),
        keyOf: (d) => d.key,
        description: 'test event',
      });
    let itemAdded = newEvent();

    beforeAll(async () => {
      database = await harness.openDatabase();
    });
    afterAll(async () => {
      await database.close();
    });
    beforeEach(async () => {
      bus = await harness.openBus();
      metrics = new Metrics({ defaultMetrics: false });
      runtimes = [];
      itemAdded = newEvent();
    });
    afterEach(async () => {
      for (const r of runtimes.reverse()) await r.stop();
      await bus.close();
    });

    const engines = () => testEngines(database, bus, metrics);

    async function service(role: string, eventRetry?: RetryPolicy): Promise<ServiceRuntime> {
      const name = `t_${word}_${role}_${uniqueWord(4)}`;
      const runtime = await ServiceRuntime.create(name, null, engines(), {
        relayPollMs: 50,
        eventRetry: eventRetry ?? { attempts: 4, baseDelayMs: 20, maxDelayMs: 100 },
      });
      await migrate(database, name, [
        {
          name: '0001_effects.sql',
          sql: `create table ${name}.effects (seq serial primary key, event_id uuid not null, key text not null, n integer not null)`,
        },
      ]);
      runtimes.push(runtime);
      return runtime;
    }

    /** A subscribing service that records every event it handles in its own table. */
    async function recorder(role: string, opts: { failFirst?: number; poison?: number } = {}) {
      const runtime = await service(role);
      const calls = new Map<string, number>();
      runtime.register({
        subscribers: [
          defineSubscriber({
            name: 'record-item',
            event: itemAdded,
            async handle(data, { tx, envelope }) {
              const count = (calls.get(envelope.id) ?? 0) + 1;
              calls.set(envelope.id, count);
              if (data.n === opts.poison) throw new Error('poison');
              if (count <= (opts.failFirst ?? 0)) throw new Error(`transient failure ${count}`);
              await tx.execute(sql`insert into ${sql.identifier(runtime.name)}.effects (event_id, key, n)
                                   values (${envelope.id}, ${data.key}, ${data.n})`);
            },
          }),
        ],
      });
      const effects = () =>
        rows<{ event_id: string; key: string; n: number }>(
          database.db,
          sql`select event_id, key, n from ${sql.identifier(runtime.name)}.effects order by seq`,
        );
      const deadLetters = () =>
        rows<{ subscriber: string; attempts: number; error: string }>(
          database.db,
          sql`select subscriber, attempts, error from ${sql.identifier(runtime.name)}.dead_letters`,
        );
      return { runtime, calls, effects, deadLetters };
    }

    /** A gauge's value as Prometheus would scrape it now (its collect callback runs). */
    async function gauge(
      name: string,
      labels: Record<string, string>,
    ): Promise<number | undefined> {
      const metric = metrics.registry.getSingleMetric(name);
      const { values } = await metric!.get();
      return values.find((v) => Object.entries(labels).every(([k, l]) => v.labels[k] === l))?.value;
    }

    async function startAll(): Promise<void> {
      for (const r of runtimes) await r.subscribe();
      for (const r of runtimes) await r.run();
    }

    const publish = (runtime: ServiceRuntime, key: string, n: number) =>
      runtime.transaction(async (_tx, events) => {
        await events.publish(itemAdded, { key, n });
      });

    it('publishes nothing from a rolled-back transaction', async () => {
      const publisher = await service('pub');
      const a = await recorder('a');
      await startAll();
      await expect(
        publisher.transaction(async (_tx, events) => {
          await events.publish(itemAdded, { key: 'k', n: 1 });
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      await publish(publisher, 'k', 2);
      await eventually(
        async () => expect((await a.effects()).map((e) => e.n)).toEqual([2]),
        harness.timeoutMs,
      );
    });

    it('refuses a payload that does not match the event schema, writing nothing', async () => {
      const publisher = await service('pub');
      await expect(
        publisher.transaction(async (_tx, events) => {
          await events.publish(itemAdded, { key: 'k', n: 'one' } as never);
        }),
      ).rejects.toThrow();
      const outbox = await rows(
        database.db,
        sql`select * from ${sql.identifier(publisher.name)}.outbox`,
      );
      expect(outbox).toHaveLength(0);
    });

    it('delivers each committed event exactly once to every subscribing service', async () => {
      const publisher = await service('pub');
      const a = await recorder('a');
      const b = await recorder('b');
      await startAll();
      for (let n = 1; n <= 5; n += 1) await publish(publisher, `k${n}`, n);
      for (const s of [a, b]) {
        await eventually(async () => expect(await s.effects()).toHaveLength(5), harness.timeoutMs);
      }
      await new Promise((r) => setTimeout(r, 300));
      for (const s of [a, b]) {
        const effects = await s.effects();
        expect(effects.map((e) => e.n).sort()).toEqual([1, 2, 3, 4, 5]);
        expect(new Set(effects.map((e) => e.event_id)).size).toBe(5);
      }
    });

    it('loses nothing and repeats nothing in effect when the relay dies mid-batch', async () => {
      const publisher = await service('pub');
      const a = await recorder('a');
      for (let n = 1; n <= 6; n += 1) await publish(publisher, 'same', n);
      for (const r of runtimes) await r.subscribe();
      // A relay that gets half the batch onto the bus and then dies before marking anything sent.
      const dying: Bus = {
        ...bus,
        kind: bus.kind,
        publish: async (messages) => {
          await bus.publish(messages.slice(0, 3));
          throw new Error('killed mid-batch');
        },
        subscribe: bus.subscribe.bind(bus),
        ping: bus.ping.bind(bus),
        close: bus.close.bind(bus),
      };
      const crashed = new OutboxRelay({
        service: publisher.name,
        schema: publisher.name,
        database,
        bus: dying,
        logger: silentLogger,
        leaseMs: 300,
      });
      await expect(crashed.relayOnce()).rejects.toThrow('killed mid-batch');
      await eventually(async () => expect(await a.effects()).toHaveLength(3), harness.timeoutMs);
      const unsent = await rows(
        database.db,
        sql`select seq from ${sql.identifier(publisher.name)}.outbox where sent_at is null`,
      );
      expect(unsent).toHaveLength(6);

      // A fresh relay takes over once the dead one's lease has run out and publishes all six.
      for (const r of runtimes) await r.run();
      await eventually(async () => {
        const sent = await rows(
          database.db,
          sql`select seq from ${sql.identifier(publisher.name)}.outbox where sent_at is null`,
        );
        expect(sent).toHaveLength(0);
      }, harness.timeoutMs);
      await eventually(async () => {
        const duplicates = (await metrics.eventsHandled.get()).values.find(
          (v) => v.labels.service === a.runtime.name && v.labels.outcome === 'duplicate',
        );
        expect(duplicates?.value).toBe(3);
      }, harness.timeoutMs);
      await eventually(
        async () => expect((await a.effects()).map((e) => e.n)).toEqual([1, 2, 3, 4, 5, 6]),
        harness.timeoutMs,
      );
    });

    it('asks for a lease another instance holds once per poll, not per nudge, and takes over when it is free', async () => {
      const publisher = await service('pub');
      const lease = sql`${sql.identifier(publisher.name)}.relay_lease`;
      await database.db.execute(
        sql`insert into ${lease} (id, owner, expires_at)
            values (1, 'another instance', now() + interval '1 hour')`,
      );
      let statements = 0;
      const counted: Database = Object.create(database, {
        db: {
          value: new Proxy(database.db, {
            get: (target, prop, receiver) =>
              prop === 'execute'
                ? (query: SQL) => {
                    statements += 1;
                    return target.execute(query);
                  }
                : Reflect.get(target, prop, receiver),
          }),
        },
      });
      const relay = new OutboxRelay({
        service: publisher.name,
        schema: publisher.name,
        database: counted,
        bus,
        logger: silentLogger,
        pollMs: 400,
      });
      // Every commit of this instance nudges its relay: twenty nudges, one refused claim.
      for (let i = 0; i < 20; i += 1) expect(await relay.relayOnce()).toBe(0);
      expect(statements).toBe(1);

      await database.db.execute(sql`delete from ${lease}`);
      await publish(publisher, 'k', 1);
      expect(await relay.relayOnce()).toBe(0);
      await new Promise((r) => setTimeout(r, 450));
      expect(await relay.relayOnce()).toBe(1);
      await relay.stop();
    });

    it('retries a subscriber that throws and applies the event once when it succeeds', async () => {
      const publisher = await service('pub');
      const a = await recorder('a', { failFirst: 2 });
      await startAll();
      await publish(publisher, 'k', 7);
      await eventually(async () => expect(await a.effects()).toHaveLength(1), harness.timeoutMs);
      expect([...a.calls.values()]).toEqual([3]);
      expect(await a.deadLetters()).toEqual([]);
    });

    it('keeps the order of events that share an aggregate key', async () => {
      const publisher = await service('pub');
      const a = await recorder('a');
      await startAll();
      const keys = ['order-1', 'order-2', 'order-3'];
      for (let n = 1; n <= 30; n += 1) await publish(publisher, keys[n % 3] as string, n);
      await eventually(async () => expect(await a.effects()).toHaveLength(30), harness.timeoutMs);
      const effects = await a.effects();
      for (const key of keys) {
        const seen = effects.filter((e) => e.key === key).map((e) => e.n);
        expect(seen).toEqual([...seen].sort((x, y) => x - y));
        expect(seen).toHaveLength(10);
      }
    });

    it('dead-letters an event whose handler never succeeds and goes on with the next', async () => {
      const publisher = await service('pub');
      const a = await recorder('a', { poison: 13 });
      await startAll();
      await publish(publisher, 'k', 13);
      await publish(publisher, 'k', 14);
      await eventually(
        async () => expect((await a.effects()).map((e) => e.n)).toEqual([14]),
        harness.timeoutMs,
      );
      const dead = await a.deadLetters();
      expect(dead).toEqual([{ subscriber: 'record-item', attempts: 4, error: 'Error: poison' }]);
      expect(await gauge('bus_dead_letters', { service: a.runtime.name })).toBe(1);
    });

    it("shows the operator an outbox that is not published and a group's lag behind a topic", async () => {
      const stuck = await service('stuck');
      const publisher = await service('pub');
      // Its subscriber fails until released (the event waits in retries, no transaction open).
      let held = true;
      const release = () => {
        held = false;
      };
      const handled: number[] = [];
      const slow = await service('slow', { attempts: 10000, baseDelayMs: 50, maxDelayMs: 50 });
      slow.register({
        subscribers: [
          defineSubscriber({
            name: 'slow-item',
            event: itemAdded,
            async handle(data) {
              if (held) throw new Error('not yet');
              handled.push(data.n);
            },
          }),
        ],
      });
      // Another instance holds the stuck service's relay lease (and never publishes).
      await database.db.execute(
        sql`insert into ${sql.identifier(stuck.name)}.relay_lease (id, owner, expires_at)
            values (1, 'another instance', now() + interval '1 hour')`,
      );
      try {
        await startAll();
        // An event no one subscribes to: it counts in the stuck outbox only, not in a group's lag.
        const unheard = newEvent();
        await stuck.transaction(async (_tx, events) => {
          await events.publish(unheard, { key: 'k', n: 1 });
        });
        for (let n = 1; n <= 3; n += 1) await publish(publisher, 'same', n);
        const lag = { service: slow.name, topic: itemAdded.name };
        await eventually(
          async () => expect(await gauge('bus_consumer_lag_messages', lag)).toBe(3),
          harness.timeoutMs,
        );
        expect(await gauge('outbox_unpublished_events', { service: stuck.name })).toBe(1);
        expect(await gauge('outbox_lag_seconds', { service: stuck.name })).toBeGreaterThan(0);
        expect(await gauge('metrics_source_up', { service: slow.name, source: 'outbox' })).toBe(1);
        release();
        await eventually(async () => expect(handled).toEqual([1, 2, 3]), harness.timeoutMs);
        await eventually(
          async () => expect(await gauge('bus_consumer_lag_messages', lag)).toBe(0),
          harness.timeoutMs,
        );
        expect(await gauge('outbox_unpublished_events', { service: publisher.name })).toBe(0);
        expect(await gauge('outbox_lag_seconds', { service: publisher.name })).toBe(0);
      } finally {
        release();
      }
    });
  });
}
