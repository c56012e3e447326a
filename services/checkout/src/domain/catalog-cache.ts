import { createHash } from 'node:crypto';
import type { GetAllProductsResponse } from '@clinic/contracts';
import type { Db, EventWriter, Logger, Tx } from '@clinic/kit';
import { catalogVersion } from '../db/schema';
import { listProducts } from './catalog';

/** The catalog as served: built and serialised once per catalog version. */
export interface CatalogSnapshot {
  /** checkout.catalog_version when it was read (in the same snapshot as the rows). */
  version: string;
  response: GetAllProductsResponse;
  /** `JSON.stringify(response)`: the very bytes `res.json` would send. */
  body: Buffer;
  /** Strong ETag: a hash of `body`, so every process serving the same catalog agrees on it. */
  etag: string;
}

/** How often a process asks whether the catalog changed elsewhere, when not told. */
export const defaultCatalogPollMs = 1000;

/**
 * The product catalog held in memory. It changes only by migration or admin action, while every
 * page of the quiz and checkout reads it, so it is read from the database once per change, and
 * its JSON body and ETag are made once per change too.
 *
 * How a change reaches every process. Checkout may run as several processes (cluster mode), each
 * with its own copy, and a change may come from any of them or from outside any (a migration, a
 * psql session). So the database says when the catalog changed: statement triggers on
 * checkout.products and checkout.product_term_prices bump checkout.catalog_version in the
 * writer's transaction (migration 0012), so no writer can forget it and the new number is visible
 * exactly when the new rows are. Every `pollMs` a process holding a copy reads that one-row table
 * (a primary-key lookup, in the background: requests never wait for it) and drops its copy when
 * the number moved; the next request reads the catalog again. A change is therefore served
 * everywhere within `pollMs` (1 s), and at once by the process that made it through `write`,
 * which drops its own copy as soon as the transaction commits. The copy and the number it is
 * labelled with are read in one repeatable-read snapshot, so a copy can never be labelled newer
 * than its rows. While the database does not answer, the copy that was good last is kept serving.
 *
 * Why not an event on the bus: checkout's processes share one consumer group, so an event
 * reaches one of them, not all; and a migration or a manual fix publishes no event at all. Why
 * not LISTEN/NOTIFY: a notification sent while a process is reconnecting is lost for good, so a
 * poll would be needed anyway, and the poll alone is already cheap and correct.
 */
export class CatalogCache {
  private snapshot: CatalogSnapshot | null = null;
  private loading: Promise<CatalogSnapshot> | null = null;
  /** Moves on every drop, so a load begun before a change cannot install what it read. */
  private generation = 0;
  private timer: NodeJS.Timeout | null = null;
  private polling = false;
  private pollFailing = false;
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly transaction: <T>(
      fn: (tx: Tx, events: EventWriter) => Promise<T>,
    ) => Promise<T>,
    private readonly logger: Logger,
    private readonly pollMs = defaultCatalogPollMs,
  ) {}

  /** The catalog: from memory, or read (once, however many requests are waiting) after a change. */
  current(): Promise<CatalogSnapshot> {
    if (this.snapshot) return Promise.resolve(this.snapshot);
    if (!this.loading) {
      const generation = this.generation;
      const loading = this.load().then(
        (snapshot) => {
          if (this.loading === loading) this.loading = null;
          if (generation === this.generation) {
            this.snapshot = snapshot;
            this.startPolling();
          }
          return snapshot;
        },
        (err: unknown) => {
          if (this.loading === loading) this.loading = null;
          throw err;
        },
      );
      this.loading = loading;
    }
    return this.loading;
  }

  /**
   * Every code path that writes the catalog tables goes through here (the admin console's product
   * and price changes): `fn` runs in checkout's unit of work, and this process drops its copy as
   * soon as it commits. The other processes see the change within `pollMs` through the triggers.
   */
  async write<T>(fn: (tx: Tx, events: EventWriter) => Promise<T>): Promise<T> {
    try {
      return await this.transaction(fn);
    } finally {
      // Also after a failure: a commit whose answer was lost may still have changed the rows.
      this.invalidate();
    }
  }

  /** Drops this process's copy: the next request reads the catalog again. */
  invalidate(): void {
    this.generation++;
    this.snapshot = null;
    this.loading = null;
  }

  /** Stops the background check (the service is stopping). */
  stop(): void {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Compares the database's catalog version with the copy's; drops the copy if it moved. */
  async checkVersion(): Promise<void> {
    const held = this.snapshot;
    if (!held || this.polling) return;
    this.polling = true;
    try {
      const version = await readVersion(this.db);
      if (this.pollFailing) this.logger.info('the catalog version can be read again');
      this.pollFailing = false;
      if (this.snapshot === held && version !== held.version) this.invalidate();
    } catch (err) {
      // Keep serving the copy: the catalog rarely changes, and it cannot change while the
      // database is away. Logged once per outage, not once per poll.
      if (!this.pollFailing) this.logger.warn({ err }, 'the catalog version could not be read');
      this.pollFailing = true;
    } finally {
      this.polling = false;
    }
  }

  private startPolling(): void {
    if (this.timer || this.stopped) return;
    this.timer = setInterval(() => void this.checkVersion(), this.pollMs);
    this.timer.unref();
  }

  private async load(): Promise<CatalogSnapshot> {
    const { version, products } = await this.db.transaction(
      async (tx) => {
        const version = await readVersion(tx);
        return { version, products: await listProducts(tx) };
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    const response: GetAllProductsResponse = { status: 'success', products };
    const body = Buffer.from(JSON.stringify(response));
    const etag = `"${createHash('sha256').update(body).digest('base64url')}"`;
    return { version, response, body, etag };
  }
}

async function readVersion(executor: Db | Tx): Promise<string> {
  const [row] = await executor.select({ version: catalogVersion.version }).from(catalogVersion);
  if (!row) throw new Error('checkout.catalog_version has no row');
  return String(row.version);
}
