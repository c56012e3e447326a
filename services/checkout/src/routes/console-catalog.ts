/**
 * The admin console's price table and offers (contracts/src/api/catalog-admin.ts): each read
 * with its version, each change made from one, and each one's history. Admins only (the
 * contracts' `staffRoles: []`); each change is a line on checkout's audit trail. GET /api/offers
 * is the plan page's public read of the offers, GET /api/prices the legal pages' of the prices.
 */
import type { Router } from 'express';
import {
  changeOffers,
  changePrices,
  consoleOffers,
  consolePrices,
  currentOffers,
  currentPriceTable,
  offerHistory,
  priceHistory,
} from '@clinic/contracts';
import type { IdentityDirectory } from '@clinic/identity-client';
import { bindRoute, type SettingChange } from '@clinic/kit';
import type { CatalogDesk } from '../domain/catalog-desk';
import type { CatalogSettings } from '../domain/catalog-settings';
import { auditStaffOf } from './console-coupons';

const changesOf = <T>(changes: SettingChange<T>[]) =>
  changes.map((c) => ({
    version: c.version,
    at: c.changedAt.toISOString(),
    by: c.changedBy,
    before: c.before,
    after: c.after,
  }));

export function consoleCatalogRoutes(
  router: Router,
  desk: CatalogDesk,
  settings: CatalogSettings,
  identity: IdentityDirectory | undefined,
): void {
  bindRoute(router, consolePrices, async () => ({
    status: 'success' as const,
    ...(await desk.prices()),
  }));
  bindRoute(router, changePrices, async ({ principal, body, req }) => ({
    status: 'success' as const,
    ...(await desk.changePrices(
      await auditStaffOf(identity, principal, req),
      body.value,
      body.version,
    )),
  }));
  bindRoute(router, priceHistory, async () => ({
    status: 'success' as const,
    changes: changesOf(await desk.priceHistory()),
  }));
  bindRoute(router, consoleOffers, async () => ({
    status: 'success' as const,
    ...(await desk.offers()),
  }));
  bindRoute(router, changeOffers, async ({ principal, body, req }) => ({
    status: 'success' as const,
    ...(await desk.changeOffers(
      await auditStaffOf(identity, principal, req),
      body.value,
      body.version,
    )),
  }));
  bindRoute(router, offerHistory, async () => ({
    status: 'success' as const,
    changes: changesOf(await desk.offerHistory()),
  }));
  bindRoute(router, currentOffers, async () => ({
    status: 'success' as const,
    offers: await settings.currentOffers(),
  }));
  bindRoute(router, currentPriceTable, async () => ({
    status: 'success' as const,
    prices: (await settings.currentPrices()).value,
  }));
}
