/**
 * What the page sends after a successful payment (spec 001 section 4, step 3) and the upsell's
 * choice: the shipping address, the TrustedForm certificate, and the bundle selection. All for
 * the logged-in caller only.
 */
import type { Router } from 'express';
import { and, desc, eq } from 'drizzle-orm';
import { bundleSelected, saveAddress, shippingAddressSaved, trustForm } from '@clinic/contracts';
import { refuseUnservedState } from '../domain/served-states';
import { refusePoBox, storeShippingAddress } from '../domain/shipping-address';
import type { CheckoutStateRules } from '../subscribers/state-rules-changed-copy';
import { HttpError, bindRoute, type ServiceRuntime } from '@clinic/kit';
import { orders, trustedForms } from '../db/schema';

/** The caller's newest order; for a cart link's session, the order of that cart only. */
export async function latestOrderOf(
  runtime: ServiceRuntime,
  userId: number,
  cartId: string | null = null,
): Promise<{ id: number } | null> {
  const [order] = await runtime.db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, userId), cartId === null ? undefined : eq(orders.cartId, cartId)))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(1);
  return order ?? null;
}

export function afterPaymentRoutes(
  router: Router,
  runtime: ServiceRuntime,
  stateRules: CheckoutStateRules,
): void {
  bindRoute(router, saveAddress, async ({ body, principal }) => {
    refusePoBox(body);
    await refuseUnservedState(stateRules, body.state);
    const now = runtime.clock.now();
    const address = {
      address_line_1: body.addressLine1,
      address_line_2: body.addressLine2 || null,
      city: body.city,
      state: body.state,
      zip: body.zip,
    };
    await runtime.transaction(async (tx, events) => {
      await storeShippingAddress(tx, principal.userId, address, now);
      // Verification validates this address when the patient reaches /verify.
      await events.publish(shippingAddressSaved, {
        userId: principal.userId,
        source: 'checkout',
        address,
        savedAt: now.toISOString(),
      });
    });
    return { status: 'success' as const, message: 'Address saved' };
  });

  bindRoute(router, trustForm, async ({ body, principal }) => {
    await runtime.db
      .insert(trustedForms)
      .values({ userId: principal.userId, url: body.url, createdAt: runtime.clock.now() });
    return { status: 'success' as const };
  });

  bindRoute(router, bundleSelected, async ({ body, principal }) => {
    const order = await latestOrderOf(runtime, principal.userId, principal.cartId);
    if (!order) throw new HttpError(404, 'We could not find your order.');
    await runtime.db
      .update(orders)
      .set({ bundleChoice: body.selectedMed })
      .where(eq(orders.id, order.id));
    return { status: 'success' as const, message: 'Bundle selection saved' };
  });
}
