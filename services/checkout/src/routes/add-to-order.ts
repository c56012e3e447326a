import type { Router } from 'express';
import { addToOrder } from '@clinic/contracts';
import { bindRoute, type ServiceRuntime } from '@clinic/kit';
import { addAntiNauseaToOrder } from '../domain/payments/add-on';
import type { CardProcessor } from '../payments/card-processor';

/** POST /api/add-to-order: the upsell's Add To Order, charged once per order. */
export function addToOrderRoute(
  router: Router,
  runtime: ServiceRuntime,
  processor: CardProcessor,
): void {
  bindRoute(router, addToOrder, ({ principal }) =>
    addAntiNauseaToOrder(runtime, processor, principal.userId, principal.cartId),
  );
}
