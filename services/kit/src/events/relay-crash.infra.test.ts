import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { defineEvent } from '@clinic/contracts';
import { rows } from '../db/database';
import { migrate } from '../db/migrate';
import { PostgresDatabase } from '../db/postgres-database';
import { ServiceRuntime } from '../runtime/service-runtime';
import { testEngines } from '../testing/engines';
import { killHard, spawnTs } from '../testing/child-process';
import { infraEnv } from '../testing/infra-env';
import { eventually, silentLogger, uniqueWord } from '../testing/support';
import { KafkaBus } from './kafka-bus';
import { defineSubscriber } from './subscriber';

describe('relay killed with SIGKILL mid-run (PostgreSQL + Kafka)', () => {
  jest.setTimeout(120000);

  it('delivers every committed event exactly once in effect after another instance takes over', async () => {
    const count = 60;
    const word = uniqueWord();
    const eventName = `relay-crash-${uniqueWord(8)}`;
    const event = defineEvent({
      name: eventName,
      version: 1,
      schema: z.object({ n: z.number() }),
      keyOf: (d) => String(d.n % 3),
      description: 'test',
    });
    const publisherSchema = `rc_${word}_pub`;
    const subscriberSchema = `rc_${word}_sub`;
    const database = await PostgresDatabase.open(infraEnv().DATABASE_URL);
    const bus = await KafkaBus.connect({
      brokers: infraEnv().KAFKA_BROKERS.split(','),
      clientId: 'relay-crash-test',
      partitions: 3,
      replicationFactor: 1,
      logger: silentLogger,
    });
    const engines = testEngines(database, bus);
    const subscriber = await ServiceRuntime.create(subscriberSchema, null, engines);
    await migrate(database, subscriberSchema, [
      {
        name: '0001.sql',
        sql: `create table ${subscriberSchema}.effects (event_id uuid primary key, n integer not null)`,
      },
    ]);
    subscriber.register({
      subscribers: [
        defineSubscriber({
          name: 'record',
          event,
          handle: async (data, { tx, envelope }) => {
            await tx.execute(
              sql`insert into ${sql.identifier(subscriberSchema)}.effects (event_id, n) values (${envelope.id}, ${data.n})`,
            );
          },
        }),
      ],
    });
    await subscriber.start();
    const effects = () =>
      rows<{ n: number }>(
        database.db,
        sql`select n from ${sql.identifier(subscriberSchema)}.effects order by n`,
      );

    const child = spawnTs('relay-process.ts', [
      JSON.stringify({
        url: infraEnv().DATABASE_URL,
        brokers: infraEnv().KAFKA_BROKERS,
        schema: publisherSchema,
        event: eventName,
        count,
      }),
    ]);
    let takeover: ServiceRuntime | undefined;
    try {
      await child.waitFor('relaying', 60000);
      await eventually(async () => expect((await effects()).length).toBeGreaterThan(0), 30000, 5);
      await killHard(child.child);
      const delivered = (await effects()).length;
      expect(delivered).toBeLessThan(count); // killed mid-run, not after

      takeover = await ServiceRuntime.create(publisherSchema, null, engines, {
        relayPollMs: 50,
        relayLeaseMs: 2000,
      });
      await takeover.run();
      await eventually(async () => expect((await effects()).length).toBe(count), 60000);
      await new Promise((r) => setTimeout(r, 1000));
      expect((await effects()).map((e) => e.n)).toEqual(
        Array.from({ length: count }, (_, i) => i + 1),
      );
      const unsent = await rows(
        database.db,
        sql`select seq from ${sql.identifier(publisherSchema)}.outbox where sent_at is null`,
      );
      expect(unsent).toEqual([]);
    } finally {
      await killHard(child.child);
      await takeover?.stop();
      await subscriber.stop();
      await bus.close();
      await database.close();
    }
  });
});
