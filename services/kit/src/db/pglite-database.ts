import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { sql } from 'drizzle-orm';
import type { Database, Db, SqlClient, Tx } from './database';
import { PglitePipelinedClient } from './pglite-pipelined-client';

/**
 * Embedded PostgreSQL compiled to WebAssembly: real Postgres semantics in the Node process, kept
 * in a data folder (or in memory for tests). It has one connection; statements queue behind an
 * open transaction, so code inside a transaction must use its `tx`, never the database. Drizzle
 * reaches it through PglitePipelinedClient (one message per statement).
 */
export class PgliteDatabase implements Database {
  readonly kind = 'pglite' as const;
  readonly db: Db;

  private constructor(
    private readonly client: PGlite,
    private readonly connection: PglitePipelinedClient = new PglitePipelinedClient(client),
    /** Whose work this is (null: the session's user, who owns what migrations make). */
    readonly role: string | null = null,
  ) {
    const queries = role === null ? connection : connection.forRole(role);
    this.db = drizzle({ client: queries as unknown as PGlite }) as unknown as Db;
  }

  /**
   * `dataDir` undefined keeps everything in memory. `loadDataDir` starts it from a copy of another
   * database's files (see `dumpDataDir`) instead of creating an empty cluster, which takes seconds.
   */
  static async open(dataDir?: string, opts: { loadDataDir?: Blob } = {}): Promise<PgliteDatabase> {
    if (dataDir) mkdirSync(dataDir, { recursive: true });
    const client = new PGlite({ dataDir, loadDataDir: opts.loadDataDir });
    await client.waitReady;
    return new PgliteDatabase(client);
  }

  /** The database's files as an uncompressed tarball, for `open(..., { loadDataDir })`. */
  async dumpDataDir(): Promise<Blob> {
    return this.connection.exclusive(() => this.client.dumpDataDir('none'));
  }

  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => fn(tx as unknown as Tx));
  }

  asRole(role: string): PgliteDatabase {
    return new PgliteDatabase(this.client, this.connection, role);
  }

  scriptTransaction<T>(fn: (client: SqlClient) => Promise<T>): Promise<T> {
    return this.connection.afterSchemaChange(
      () =>
        this.client.transaction(async (tx) =>
          fn({
            query: async <R>(text: string, params?: unknown[]) =>
              (await tx.query<R>(text, params)).rows,
            exec: async (script: string) => {
              await tx.exec(script);
            },
          }),
        ),
      this.role,
    );
  }

  async ping(): Promise<void> {
    await this.db.execute(sql`select 1`);
  }

  /** Closes the engine; a role's view of it leaves it open for the others. */
  async close(): Promise<void> {
    if (this.role !== null) return;
    await this.connection.exclusive(async () => {
      if (!this.client.closed) await this.client.close();
    });
  }
}
