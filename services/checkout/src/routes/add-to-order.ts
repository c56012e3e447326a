import type { Router } from 'express';
import { addToOrder, upsellStatus } from '@clinic/contracts';
import { bindRoute, type ServiceRuntime } from '@clinic/kit';
import {
  addAntiNauseaToOrder,
  antiNauseaAdded,
  antiNauseaPriceCents,
} from '../domain/payments/add-on';
import type { CardProcessor } from '../payments/card-processor';

/**
 * POST /api/add-to-order: the upsell's Add To Order, charged once per order; GET
 * /api/upsell-status: whether it was, so the page never offers it again, and the price it shows.
 */
export function addToOrderRoute(
  router: Router,
  runtime: ServiceRuntime,
  processor: CardProcessor,
): void {
  bindRoute(router, addToOrder, ({ principal, body }) =>
    addAntiNauseaToOrder(runtime, processor, principal.userId, principal.cartId, body.price_cents),
  );
  bindRoute(router, upsellStatus, async ({ principal }) => ({
    status: 'success' as const,
    added: await antiNauseaAdded(runtime, principal.userId, principal.cartId),
    price_cents: await antiNauseaPriceCents(runtime),
  }));
}
