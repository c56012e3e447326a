import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { SQL } from 'drizzle-orm';

/** The typed query layer (Drizzle) over whichever engine is configured. */
export type Db = PgDatabase<PgQueryResultHKT>;
export type Tx = PgTransaction<PgQueryResultHKT, Record<string, never>>;
/** Anything that runs queries: the database itself or an open transaction. */
export type Executor = Db | Tx;

/** Plain SQL for scripts that Drizzle's per-statement API can't run (migrations). */
export interface SqlClient {
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /** Runs a script of several statements. */
  exec(script: string): Promise<void>;
}

/**
 * One PostgreSQL, embedded (PGlite) or a server (node-postgres). Both pass the same contract
 * suite; services never know which one they have.
 */
export interface Database {
  readonly kind: 'pglite' | 'postgres';
  readonly db: Db;
  /** Runs `fn` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  /** A transaction with plain SQL access, for migrations and locking scripts. */
  scriptTransaction<T>(fn: (client: SqlClient) => Promise<T>): Promise<T>;
  ping(): Promise<void>;
  /**
   * The same database with every statement and transaction run as `role` (db/roles.ts), which
   * the connection's user must be allowed to become. Closing it leaves the database open.
   */
  asRole(role: string): Database;
  close(): Promise<void>;
}

/** Rows of a raw `sql` query, whatever the driver's result shape. */
export async function rows<T>(executor: Executor, query: SQL): Promise<T[]> {
  const result = (await executor.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** Postgres' unique_violation, also when the query layer wraps the driver's error. */
export function isUniqueViolation(err: unknown): boolean {
  const { code, cause } = (err ?? {}) as { code?: unknown; cause?: unknown };
  return code === '23505' || (cause !== undefined && isUniqueViolation(cause));
}
