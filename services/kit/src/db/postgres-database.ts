import { Pool } from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { sql } from 'drizzle-orm';
import type { Database, Db, SqlClient, Tx } from './database';

/** A PostgreSQL server through a node-postgres pool (cluster mode). */
export class PostgresDatabase implements Database {
  readonly kind = 'postgres' as const;
  readonly db: Db;

  constructor(private readonly pool: Pool) {
    this.db = drizzle({ client: pool }) as unknown as Db;
  }

  static async open(
    url: string,
    opts: { max?: number; applicationName?: string } = {},
  ): Promise<PostgresDatabase> {
    const pool = new Pool({
      connectionString: url,
      max: opts.max ?? 10,
      application_name: opts.applicationName,
      connectionTimeoutMillis: 5000,
    });
    // An idle client losing its server must not crash the process; the next query reconnects.
    pool.on('error', () => undefined);
    const database = new PostgresDatabase(pool);
    await database.ping();
    return database;
  }

  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => fn(tx as unknown as Tx));
  }

  async scriptTransaction<T>(fn: (client: SqlClient) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      const result = await fn({
        query: async <R>(text: string, params?: unknown[]) =>
          (await client.query(text, params as unknown[])).rows as R[],
        exec: async (script: string) => {
          await client.query(script);
        },
      });
      await client.query('COMMIT');
      return result;
    } catch (err) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw err;
    } finally {
      client.release();
    }
  }

  async ping(): Promise<void> {
    await this.db.execute(sql`select 1`);
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}
