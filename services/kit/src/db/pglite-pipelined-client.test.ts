import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { inBackground } from '../work-priority';
import { PglitePipelinedClient } from './pglite-pipelined-client';

describe('PglitePipelinedClient', () => {
  let pglite: PGlite;
  let client: PglitePipelinedClient;

  beforeAll(async () => {
    pglite = new PGlite();
    await pglite.waitReady;
    await pglite.exec(`create table items (
      id serial primary key, label text not null unique, n int, big bigint, ok boolean,
      at timestamptz, tags text[], data jsonb, amount numeric(10,2))`);
    client = new PglitePipelinedClient(pglite);
  });
  afterAll(() => pglite.close());

  it('answers what PGlite itself answers, for every kind of parameter', async () => {
    const at = new Date('2026-11-24T08:30:00.123Z');
    const params = ['a', 7, 9007199254740993n, true, at, ['x', 'y'], { k: [1, 'two'] }, '12.50'];
    const insert = `insert into items (label, n, big, ok, at, tags, data, amount)
                    values ($1, $2, $3, $4, $5, $6, $7, $8) returning *`;
    const ours = await client.query(insert, params);
    const theirs = await pglite.query(insert, ['b', ...params.slice(1)]);
    expect(ours.rows).toEqual([{ ...(theirs.rows[0] as object), id: 1, label: 'a' }]);
    expect(ours.rows[0]).toMatchObject({
      n: 7,
      big: 9007199254740993n,
      ok: true,
      at,
      tags: ['x', 'y'],
      data: { k: [1, 'two'] },
      amount: '12.50',
    });
    expect(ours.affectedRows).toBe(1);
    expect(ours.fields.map((f) => f.name)).toContain('label');
  });

  it('keeps the caller’s row mode and parsers (as Drizzle passes them)', async () => {
    const result = await client.query<unknown[]>(
      'select at, $1::int as n from items where label = $2',
      [3, 'a'],
      { rowMode: 'array', parsers: { 1184: (value: string) => `raw:${value}` } },
    );
    expect(result.rows).toEqual([['raw:2026-11-24 08:30:00.123+00', 3]]);
  });

  it('raises the database error and stays usable after it', async () => {
    await expect(
      client.query(`insert into items (label) values ($1)`, ['a']),
    ).rejects.toMatchObject({ code: '23505' });
    const { rows } = await client.query<{ n: number }>('select count(*)::int as n from items');
    expect(rows).toEqual([{ n: 2 }]);
  });

  it('commits a transaction, and undoes it all when its function throws', async () => {
    await client.transaction(async (tx) => {
      await tx.query(`insert into items (label) values ($1)`, ['kept']);
    });
    await expect(
      client.transaction(async (tx) => {
        await tx.query(`insert into items (label) values ($1)`, ['lost']);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    await expect(
      client.transaction(async (tx) => {
        await tx.query(`insert into items (label) values ($1)`, ['lost too']);
        await tx.query(`insert into items (label) values ($1)`, ['kept']); // unique violation
      }),
    ).rejects.toMatchObject({ code: '23505' });
    const { rows } = await client.query<{ label: string }>(
      `select label from items where label in ('kept', 'lost', 'lost too')`,
    );
    expect(rows).toEqual([{ label: 'kept' }]);
  });

  it('makes a statement outside a transaction wait for the transaction to end', async () => {
    const order: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const tx = client.transaction(async (t) => {
      await t.query(`update items set n = 1 where label = 'a'`);
      order.push('tx wrote');
      await held;
      await t.query(`update items set n = 2 where label = 'a'`);
      order.push('tx done');
    });
    const outside = client
      .query<{ n: number }>(`select n from items where label = 'a'`)
      .then((r) => order.push(`outside read ${r.rows[0]?.n}`));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(order).toEqual(['tx wrote']);
    release();
    await Promise.all([tx, outside]);
    expect(order).toEqual(['tx wrote', 'tx done', 'outside read 2']);
  });

  it('runs the statements a transaction starts together one after another', async () => {
    const [counts, labels] = await client.transaction((tx) =>
      Promise.all([
        tx.query<{ n: number }>('select count(*)::int as n from items'),
        tx.query<unknown[]>('select label, n from items order by id limit 1', [], {
          rowMode: 'array',
        }),
      ]),
    );
    expect(counts.rows).toEqual([{ n: 3 }]);
    expect(labels.rows).toEqual([['a', 2]]);
  });

  it('prepares each text once, keeps at most 500 prepared, and recovers from a failed first run', async () => {
    const prepared = async () =>
      (
        await client.query<{ n: number }>(
          `select count(*)::int as n from pg_prepared_statements where name like 'clinic_%'`,
        )
      ).rows[0]?.n ?? 0;
    const before = await prepared();
    for (let i = 0; i < 3; i += 1) await client.query('select label from items where id = $1', [1]);
    expect((await prepared()) - before).toBe(1); // the select, once (the count was before)
    for (let i = 0; i < 600; i += 1) await client.query(`select ${i} + $1::int as n`, [1]);
    expect(await prepared()).toBeLessThanOrEqual(500);
    // A text whose first run fails (after its Parse) works on the next run.
    const insert = `insert into items (label) values ($1) returning label`;
    await expect(client.query(insert, ['a'])).rejects.toMatchObject({ code: '23505' });
    expect((await client.query(insert, ['fresh'])).rows).toEqual([{ label: 'fresh' }]);
  });

  it('answers with the new shape after a table changes under a prepared statement', async () => {
    const all = 'select * from items where label = $1';
    expect(Object.keys((await client.query(all, ['a'])).rows[0] as object)).not.toContain('extra');
    await client.query('alter table items add column extra text');
    expect((await client.query(all, ['a'])).rows[0]).toMatchObject({ label: 'a', extra: null });
  });

  it('keeps committed rows in the data folder across a restart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pglite-pipelined-'));
    try {
      const first = new PGlite(dir);
      await first.waitReady;
      const onDisk = new PglitePipelinedClient(first);
      await onDisk.query('create table kept (v text)');
      await onDisk.transaction((tx) => tx.query(`insert into kept values ($1)`, ['in a tx']));
      await onDisk.query(`insert into kept values ($1)`, ['alone']);
      await first.close();
      const second = new PGlite(dir);
      const { rows } = await second.query<{ v: string }>('select v from kept order by v');
      expect(rows.map((r) => r.v)).toEqual(['alone', 'in a tx']);
      await second.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  describe('requests and background work on the one connection', () => {
    const gate = () => {
      let open!: () => void;
      const opened = new Promise<void>((resolve) => (open = resolve));
      return { open, opened };
    };

    it('serves a waiting request before the background work queued ahead of it', async () => {
      const order: string[] = [];
      const holder = gate();
      const holding = inBackground(() =>
        client.transaction(async (tx) => {
          await tx.query('select 1');
          await holder.opened;
          order.push('holder');
        }),
      );
      await new Promise((resolve) => setTimeout(resolve, 20));
      const queued = Array.from({ length: 5 }, (_, i) =>
        inBackground(() =>
          client.transaction(async (tx) => {
            await tx.query('select $1::int', [i]);
            order.push(`background ${i}`);
          }),
        ),
      );
      await new Promise((resolve) => setTimeout(resolve, 20));
      const request = client
        .transaction((tx) => tx.query('select 1'))
        .then(() => order.push('request'));
      holder.open();
      await Promise.all([holding, request, ...queued]);
      expect(order).toEqual([
        'holder',
        'request',
        ...Array.from({ length: 5 }, (_, i) => `background ${i}`),
      ]);
    });

    it('answers a request that arrives while background statements follow one another', async () => {
      let backgroundDone = 0;
      const background = inBackground(async () => {
        for (let i = 0; i < 300; i += 1) {
          await client.query('select count(*) from items where n = $1', [i]);
          backgroundDone += 1;
        }
      });
      // An arriving request is I/O: it can only start when the event loop gets its turn.
      const seenAfter = await new Promise<number>((resolve) =>
        setTimeout(() => {
          void client.query('select 1').then(() => resolve(backgroundDone));
        }, 0),
      );
      await background;
      expect(seenAfter).toBeLessThan(300);
    });

    it('lets the event loop turn while requests keep the connection busy', async () => {
      let done = 0;
      const started = performance.now();
      const requests = Promise.all(
        Array.from({ length: 4 }, async () => {
          while (performance.now() - started < 300) {
            await client.query('select count(*) from items where n = $1', [done]);
            done += 1;
          }
        }),
      );
      const turnedAfterMs = await new Promise<number>((resolve) =>
        setImmediate(() => resolve(performance.now() - started)),
      );
      await requests;
      expect(done).toBeGreaterThan(0);
      expect(turnedAfterMs).toBeLessThan(100);
    });

    it('still gives background work its turns while requests never stop coming', async () => {
      let stop = false;
      const requests = Promise.all(
        Array.from({ length: 4 }, async () => {
          while (!stop) await client.query('select count(*) from items');
        }),
      );
      const started = performance.now();
      await inBackground(async () => {
        for (let i = 0; i < 3; i += 1) await client.query('select 1');
      });
      const backgroundMs = performance.now() - started;
      stop = true;
      await requests;
      // One turn per 100 ms under load (see ConnectionQueue), never starved.
      expect(backgroundMs).toBeLessThan(2000);
    });
  });
});
