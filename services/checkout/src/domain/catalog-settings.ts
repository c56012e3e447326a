/**
 * The catalog's rules kept as data by checkout (kit settings, issue 30): the price table
 * (setting `catalog`) and the offers (setting `offers`), each versioned with every change's who,
 * when, before and after. Seeded with the spec's values, so before any change they read exactly
 * as the constants did.
 *
 * Which price a payment uses:
 * - a cart is saved under the price table's version of that moment (carts.price_version) and is
 *   charged those prices, so a change applies to carts saved after it and never to a cart a
 *   patient is already looking at;
 * - an order keeps what it was charged (orders, transactions: never recomputed);
 * - a subscription keeps the renewal price it was sold at (subscriptions.amount_cents, set from
 *   the cart's version when paid): renewals of existing subscriptions never follow a change.
 *   A new price reaches only subscriptions sold after it.
 *
 * A version's table never changes once written, so each process keeps every version it has read.
 * The current offers are read through a SettingCache: every checkout process sees a change
 * within 1 s, without a restart.
 */
import { sql } from 'drizzle-orm';
import {
  defaultPriceTable,
  offerPlans,
  offerPlansSchema,
  storedPriceTableSchema,
  type OfferPlans,
  type PriceTable,
} from '@clinic/contracts';
import {
  defineSetting,
  rows,
  SettingCache,
  SettingStore,
  type Database,
  type Executor,
  type SettingValue,
} from '@clinic/kit';
import { z } from 'zod';

export const catalogSetting = defineSetting({
  key: 'catalog',
  schema: z.strictObject({ prices: storedPriceTableSchema }),
  seed: { prices: defaultPriceTable },
});

export const offersSetting = defineSetting({
  key: 'offers',
  schema: offerPlansSchema,
  seed: offerPlansSchema.parse(offerPlans),
});

export class CatalogSettings {
  readonly catalog = new SettingStore('checkout', catalogSetting);
  readonly offers = new SettingStore('checkout', offersSetting);
  private readonly offersCache: SettingCache<typeof offersSetting.schema>;
  private readonly catalogCache: SettingCache<typeof catalogSetting.schema>;
  /** Price tables by version: a version's table never changes. */
  private readonly tables = new Map<number, PriceTable>([[0, defaultPriceTable]]);

  constructor(database: Database, opts: { maxAgeMs?: number } = {}) {
    this.offersCache = new SettingCache(this.offers, database, opts);
    this.catalogCache = new SettingCache(this.catalog, database, opts);
  }

  /** The offers now, at most 1 s old. */
  async currentOffers(): Promise<OfferPlans> {
    return (await this.offersCache.get()).value;
  }

  /** The price table now, at most 1 s old (for checks, not for what a cart is charged). */
  async currentPrices(): Promise<SettingValue<PriceTable>> {
    const { version, value } = await this.catalogCache.get();
    return { version, value: value.prices };
  }

  /** The price table now, read from the database: what a cart saved now is priced by. */
  async pricesNow(executor: Executor): Promise<SettingValue<PriceTable>> {
    const { version, value } = await this.catalog.read(executor);
    this.tables.set(version, value.prices);
    return { version, value: value.prices };
  }

  /** The price table of `version` (a cart's): from memory, else from its change's record. */
  async pricesAt(executor: Executor, version: number): Promise<PriceTable> {
    const known = this.tables.get(version);
    if (known) return known;
    const [row] = await rows<{ after: unknown }>(
      executor,
      sql`select after from checkout.setting_changes
           where key = ${catalogSetting.key} and version = ${version}`,
    );
    if (!row) throw new Error(`price table version ${version} is not recorded`);
    const after = typeof row.after === 'string' ? (JSON.parse(row.after) as unknown) : row.after;
    const prices = catalogSetting.schema.parse(after).prices;
    this.tables.set(version, prices);
    return prices;
  }

  /** Forgets the cached current values (right after this process changed them). */
  invalidate(): void {
    this.offersCache.invalidate();
    this.catalogCache.invalidate();
  }
}
