import { Pool, type PoolClient } from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { sql } from 'drizzle-orm';
import type { Database, Db, SqlClient, Tx } from './database';

export interface PostgresOptions {
  max?: number;
  applicationName?: string;
}

/** The role each of a pool's connections was last switched to (absent: its login user's). */
type SessionRoles = WeakMap<PoolClient, string | null>;

/**
 * The pool listens for a connection's errors only while it is idle. One lost while checked out
 * between two queries (inside a transaction, or while its caller awaits something else) emitted
 * 'error' with no listener, which ends the process; with this one the client's next query fails
 * instead, its caller answers 503, and the pool drops it on release.
 */
const lostWhileHeld = () => undefined;

/**
 * The pool's connections as Drizzle takes them, each switched to `role` (null: the login user)
 * before it is used, with one `SET ROLE` only when it last served another role. Drizzle knows a
 * pool by its class name ("...Pool") and takes one connection for a whole transaction.
 */
class RolePool {
  constructor(
    private readonly pool: Pool,
    private readonly role: string | null,
    private readonly roles: SessionRoles,
  ) {}

  async connect(): Promise<PoolClient> {
    const client = await this.pool.connect();
    if (!client.listeners('error').includes(lostWhileHeld)) client.on('error', lostWhileHeld);
    try {
      if ((this.roles.get(client) ?? null) !== this.role) {
        await client.query(this.role === null ? 'RESET ROLE' : `SET ROLE "${this.role}"`);
        this.roles.set(client, this.role);
      }
    } catch (err) {
      client.release(err as Error);
      throw err;
    }
    return client;
  }

  async query(config: unknown, values?: unknown): Promise<unknown> {
    const client = await this.connect();
    try {
      return await client.query(config as string, values as unknown[]);
    } finally {
      client.release();
    }
  }
}

/**
 * A PostgreSQL server through a node-postgres pool (cluster mode). Connections are made on
 * demand: a query while the server is away fails within the connect timeout (never hangs) and
 * the next one connects again, so the pool outlives a server restart.
 */
export class PostgresDatabase implements Database {
  readonly kind = 'postgres' as const;
  readonly db: Db;
  private readonly connections: RolePool;

  constructor(
    private readonly pool: Pool,
    /** Whose work this is (null: the login user's). */
    readonly role: string | null = null,
    private readonly roles: SessionRoles = new WeakMap(),
  ) {
    if (role !== null) assertRoleName(role);
    this.connections = new RolePool(pool, role, roles);
    this.db = drizzle({ client: this.connections as unknown as Pool }) as unknown as Db;
  }

  asRole(role: string): PostgresDatabase {
    return new PostgresDatabase(this.pool, role, this.roles);
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
    const client = await this.connections.connect();
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

  /** Ends the pool; a role's view of it leaves it open for the others. */
  async close(): Promise<void> {
    if (this.role === null) await this.pool.end();
  }
}

function assertRoleName(role: string): void {
  if (!/^[a-z][a-z0-9_]{0,62}$/.test(role)) throw new Error(`Invalid role name "${role}"`);
}
