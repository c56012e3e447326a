/**
 * A checkout link opens a session scoped to its cart (docs/architecture/checkout-and-payments.md, "Cart links"). Before that cart is
 * paid, the link shows only what the checkout page shows; /verify belongs to the order the
 * payment made. So every verification call from a cart-scoped session needs its own cart paid by
 * the session's patient (checkout's payment-succeeded): before that, the patient's stored address,
 * verification state and codes are refused, as every call outside the link's order is.
 */
import type { RequestHandler } from 'express';
import { and, eq } from 'drizzle-orm';
import { CART_SESSION_REFUSED, HttpError, principalOf, type Executor } from '@clinic/kit';
import { paidCarts } from '../db/schema';

export function refuseUnpaidCartSessions(db: Executor): RequestHandler {
  return async (_req, res, next) => {
    const principal = principalOf(res.locals);
    if (!principal?.cartId) return next();
    const [paid] = await db
      .select({ cartId: paidCarts.cartId })
      .from(paidCarts)
      .where(and(eq(paidCarts.cartId, principal.cartId), eq(paidCarts.userId, principal.userId)));
    if (!paid) throw new HttpError(403, CART_SESSION_REFUSED);
    next();
  };
}
