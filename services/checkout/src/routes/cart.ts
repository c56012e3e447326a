import type { Router } from 'express';
import { saveCart as saveCartRoute } from '@clinic/contracts';
import { bindRoute, type ServiceRuntime } from '@clinic/kit';
import { saveCart } from '../domain/cart';
import type { CatalogSettings } from '../domain/catalog-settings';

/** POST /forms/save-cart: the plan page's choice becomes a cart; its id is the checkout link. */
export function cartRoutes(
  router: Router,
  runtime: ServiceRuntime,
  settings: CatalogSettings,
): void {
  bindRoute(router, saveCartRoute, async ({ body, principal }) => ({
    status: 'success' as const,
    id: await saveCart(runtime, body, principal?.userId ?? null, settings),
  }));
}
