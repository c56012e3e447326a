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

  private readonly connection: PglitePipelinedClient;

  private constructor(private readonly client: PGlite) {
    this.connection = new PglitePipelinedClient(client);
    this.db = drizzle({ client: this.connection as unknown as PGlite }) as unknown as Db;
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

  scriptTransaction<T>(fn: (client: SqlClient) => Promise<T>): Promise<T> {
    return this.connection.afterSchemaChange(() =>
      this.client.transaction(async (tx) =>
        fn({
          query: async <R>(text: string, params?: unknown[]) =>
            (await tx.query<R>(text, params)).rows,
          exec: async (script: string) => {
            await tx.exec(script);
          },
        }),
      ),
    );
  }

  async ping(): Promise<void> {
    await this.db.execute(sql`select 1`);
  }

  async close(): Promise<void> {
    await this.connection.exclusive(async () => {
      if (!this.client.closed) await this.client.close();
    });
  }
}
