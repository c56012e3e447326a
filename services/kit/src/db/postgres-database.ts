import { Pool } from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { sql } from 'drizzle-orm';
import type { Database, Db, SqlClient, Tx } from './database';

export interface PostgresOptions {
  max?: number;
  applicationName?: string;
}

/**
 * A PostgreSQL server through a node-postgres pool (cluster mode). Connections are made on
 * demand: a query while the server is away fails within the connect timeout (never hangs) and
 * the next one connects again, so the pool outlives a server restart.
 */
export class PostgresDatabase implements Database {
  readonly kind = 'postgres' as const;
  readonly db: Db;

  constructor(private readonly pool: Pool) {
    this.db = drizzle({ client: pool }) as unknown as Db;
  }

  /** The pool, not connected yet (for a caller that connects and retries on its own terms). */
  static create(url: string, opts: PostgresOptions = {}): PostgresDatabase {
    const pool = new Pool({
      connectionString: url,
      max: opts.max ?? 10,
      application_name: opts.applicationName,
      connectionTimeoutMillis: 5000,
    });
    // An idle client losing its server must not crash the process; the next query reconnects.
    pool.on('error', () => undefined);
    return new PostgresDatabase(pool);
  }

  /** The pool after one query went through; on failure nothing is left open. */
  static async open(url: string, opts: PostgresOptions = {}): Promise<PostgresDatabase> {
    const database = PostgresDatabase.create(url, opts);
    try {
      await database.ping();
    } catch (err) {
      await database.close().catch(() => undefined);
      throw err;
    }
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
