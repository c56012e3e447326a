import { sql } from 'drizzle-orm';
import { rows, type Database } from './database';
import { migrate } from './migrate';
import { uniqueWord } from '../testing/support';

/**
 * The behaviour every Database implementation must show; run against PGlite (npm test) and a
 * PostgreSQL server (npm run test:infra).
 */
export function describeDatabaseContract(label: string, open: () => Promise<Database>): void {
  describe(`Database contract: ${label}`, () => {
    let database: Database;
    let schema: string;

    beforeAll(async () => {
      database = await open();
    });
    afterAll(async () => {
      await database.close();
    });
    beforeEach(async () => {
      schema = `c_${uniqueWord()}`;
      await migrate(database, schema, [
        {
          name: '0001_items.sql',
          sql: `create table ${schema}.items (id serial primary key, label text not null unique, data jsonb, at timestamptz)`,
        },
      ]);
    });

    const table = () => sql`${sql.identifier(schema)}.items`;
    const labels = async () =>
      (
        await rows<{ label: string }>(database.db, sql`select label from ${table()} order by id`)
      ).map((r) => r.label);

    it('applies each migration once, also when instances migrate concurrently', async () => {
      const more = [
        {
          name: '0002_more.sql',
          sql: `alter table ${schema}.items add column extra text; insert into ${schema}.items (label) values ('seeded');`,
        },
      ];
      const applied = await Promise.all([
        migrate(database, schema, more),
        migrate(database, schema, more),
        migrate(database, schema, more),
      ]);
      expect(applied.flat()).toEqual(['0002_more.sql']);
      expect(await labels()).toEqual(['seeded']);
    });

    it('commits a transaction that resolves', async () => {
      await database.transaction(async (tx) => {
        await tx.execute(sql`insert into ${table()} (label) values ('a'), ('b')`);
      });
      expect(await labels()).toEqual(['a', 'b']);
    });

    it('rolls back everything a failing transaction wrote', async () => {
      await expect(
        database.transaction(async (tx) => {
          await tx.execute(sql`insert into ${table()} (label) values ('lost')`);
          throw new Error('boom');
        }),
      ).rejects.toThrow('boom');
      await expect(
        database.transaction(async (tx) => {
          await tx.execute(sql`insert into ${table()} (label) values ('x')`);
          await tx.execute(sql`insert into ${table()} (label) values ('x')`); // unique violation
        }),
      ).rejects.toThrow();
      expect(await labels()).toEqual([]);
    });

    it('rolls back a failing migration script whole', async () => {
      const bad = [
        {
          name: '0002_bad.sql',
          sql: `insert into ${schema}.items (label) values ('half'); select * from missing_table;`,
        },
      ];
      await expect(migrate(database, schema, bad)).rejects.toThrow();
      expect(await labels()).toEqual([]);
      expect(await migrate(database, schema, [])).toEqual([]);
    });

    it('keeps JSON and UTC timestamps as written', async () => {
      const at = '2026-03-01T12:34:56.789Z';
      await database.db.execute(
        sql`insert into ${table()} (label, data, at) values ('j', ${JSON.stringify({ a: [1, 'two'], b: null })}::jsonb, ${at})`,
      );
      const [row] = await rows<{ data: unknown; at: Date | string }>(
        database.db,
        sql`select data, at from ${table()}`,
      );
      expect(row?.data).toEqual({ a: [1, 'two'], b: null });
      expect(new Date(row!.at).toISOString()).toBe(at);
    });

    it('answers a ping', async () => {
      await expect(database.ping()).resolves.toBeUndefined();
    });
  });
}
