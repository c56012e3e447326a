import type { Router } from 'express';
import { centsToDollars, validateCoupon } from '@clinic/contracts';
import { bindRoute, type ServiceRuntime } from '@clinic/kit';
import { findCoupon } from '../domain/coupons';

/** POST /api/validate-coupon: the coupon's id and flat discount for the chosen term, or why not. */
export function couponRoutes(router: Router, runtime: ServiceRuntime): void {
  bindRoute(router, validateCoupon, async ({ body }) => {
    const coupon = await findCoupon(
      runtime.db,
      body.coupon,
      body.payment_terms,
      runtime.clock.now(),
    );
    return {
      status: 'success' as const,
      coupon_id: coupon.id,
      c_val: centsToDollars(coupon.amountCents),
    };
  });
}
