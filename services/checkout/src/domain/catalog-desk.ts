/**
 * The admins' changes of the price table and the offers (catalog-settings.ts). Each change:
 * - is validated by the contract's schema, the one every reader of the setting parses with, and
 *   by the rules that need the data (no price below what a live coupon takes off; an offer's plan
 *   is one of the drug's plan products); a refused change changes nothing;
 * - is made from the version the admin saw (a conflict otherwise), recorded with who, when,
 *   before and after (setting_changes), written on checkout's audit trail (`catalog.change`,
 *   `offers.change`) and published as `catalog-changed` through the outbox, all in one
 *   transaction;
 * - for prices, also rewrites the products' price columns, which the product list is served
 *   from: their triggers bump the catalog version, so every checkout process serves the new
 *   list within 1 s (catalog-cache.ts), and this one at once.
 */
import { and, eq, gt, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  antiNausea,
  catalogAdminMessages as m,
  catalogChanged,
  drugs,
  lowestBaseCents,
  offerPlansSchema,
  offerVariants,
  paymentTerms,
  priceTableSchema,
  type CatalogAuditAction,
  type OfferPlans,
  type PriceTable,
} from '@clinic/contracts';
import {
  InvalidRequestError,
  type AuditStaff,
  type Executor,
  type ServiceRuntime,
  type SettingChange,
  type Tx,
} from '@clinic/kit';
import { coupons, products, productTermPrices } from '../db/schema';
import type { CatalogCache } from './catalog-cache';
import type { CatalogSettings } from './catalog-settings';

/** The first refusal of `schema`, named by its field for the console to show there. */
function parsed<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path.join('.') ?? '';
  const message = issue?.message ?? 'Invalid value';
  throw new InvalidRequestError(message, { fields: [{ field, message }] });
}

export interface Versioned<T> {
  version: number;
  value: T;
}

export class CatalogDesk {
  constructor(
    private readonly runtime: ServiceRuntime,
    private readonly settings: CatalogSettings,
    private readonly served: CatalogCache,
  ) {}

  private get audit() {
    return this.runtime.audit.of<CatalogAuditAction>();
  }

  async prices(): Promise<Versioned<PriceTable>> {
    return this.settings.pricesNow(this.runtime.db);
  }

  async offers(): Promise<Versioned<OfferPlans>> {
    return this.settings.offers.read(this.runtime.db);
  }

  async changePrices(
    by: AuditStaff,
    raw: unknown,
    fromVersion: number,
  ): Promise<Versioned<PriceTable>> {
    const prices = parsed(priceTableSchema, raw);
    const now = this.runtime.clock.now();
    try {
      return await this.served.write(async (tx, events) => {
        await refuseBelowLiveCoupons(tx, prices, now);
        const change = await this.settings.catalog.change(tx, {
          value: { prices },
          fromVersion,
          by,
        });
        await writeServedPrices(tx, prices);
        await this.audit.record(tx, by, {
          action: 'catalog.change',
          at: now,
          subject: 'price table',
          refs: { version: change.version },
        });
        await events.publish(catalogChanged, {
          setting: 'catalog',
          version: change.version,
          value: { prices },
        });
        return { version: change.version, value: prices };
      });
    } finally {
      this.settings.invalidate();
    }
  }

  async changeOffers(
    by: AuditStaff,
    raw: unknown,
    fromVersion: number,
  ): Promise<Versioned<OfferPlans>> {
    const offers = parsed(offerPlansSchema, raw);
    const now = this.runtime.clock.now();
    try {
      return await this.runtime.transaction(async (tx, events) => {
        await refuseUnknownPlans(tx, offers);
        const change = await this.settings.offers.change(tx, { value: offers, fromVersion, by });
        await this.audit.record(tx, by, {
          action: 'offers.change',
          at: now,
          subject: 'offers',
          refs: { version: change.version },
        });
        await events.publish(catalogChanged, {
          setting: 'offers',
          version: change.version,
          value: offers,
        });
        return { version: change.version, value: offers };
      });
    } finally {
      this.settings.invalidate();
    }
  }

  async priceHistory(): Promise<SettingChange<PriceTable>[]> {
    const changes = await this.settings.catalog.history(this.runtime.db);
    return changes.map((c) => ({ ...c, before: c.before.prices, after: c.after.prices }));
  }

  async offerHistory(): Promise<SettingChange<OfferPlans>[]> {
    return this.settings.offers.history(this.runtime.db);
  }
}

/** A price may not fall below what a live (or future) coupon takes off on it. */
async function refuseBelowLiveCoupons(tx: Executor, prices: PriceTable, now: Date) {
  const live = await tx
    .select({ code: coupons.code, amountCents: coupons.amountCents, terms: coupons.paymentTerms })
    .from(coupons)
    .where(
      and(eq(coupons.active, true), or(isNull(coupons.expiresAt), gt(coupons.expiresAt, now))),
    );
  for (const coupon of live)
    if (coupon.amountCents > lowestBaseCents(coupon.terms, prices)) {
      const message = m.belowCoupon(coupon.code);
      throw new InvalidRequestError(message, { fields: [{ field: '', message }] });
    }
}

/** The product list's price columns, as `prices` says (one statement per table and drug). */
async function writeServedPrices(tx: Tx, prices: PriceTable) {
  await tx
    .update(products)
    .set({ retailPriceCents: prices.antiNausea })
    .where(eq(products.sku, antiNausea.sku));
  for (const drug of drugs) {
    const p = prices[drug];
    await tx
      .update(products)
      .set({ retailPriceCents: p.terms[1], firstMonthPriceCents: p.firstMonth })
      .where(eq(products.drug, drug));
    const amount = sql.join(
      paymentTerms.map((t) => sql`when ${t} then ${p.terms[t]}::integer`),
      sql` `,
    );
    await tx
      .update(productTermPrices)
      .set({ amountCents: sql`case ${productTermPrices.paymentTerms} ${amount} end` })
      .where(
        sql`${productTermPrices.productId} in (select ${products.id} from ${products} where ${products.drug} = ${drug})`,
      );
  }
}

/** Each plan an offer names must be one of that drug's plan products. */
async function refuseUnknownPlans(tx: Executor, offers: OfferPlans) {
  const plans = await tx
    .select({ sku: products.sku, drug: products.drug })
    .from(products)
    .where(and(isNotNull(products.drug), eq(products.active, true)));
  for (const drug of drugs)
    for (const variant of offerVariants) {
      const plan = offers[drug][variant];
      if (plan === undefined) continue;
      if (!plans.some((p) => p.sku === plan && p.drug === drug)) {
        const message = m.unknownPlan(plan, drug);
        throw new InvalidRequestError(message, {
          fields: [{ field: `${drug}.${variant}`, message }],
        });
      }
    }
}
