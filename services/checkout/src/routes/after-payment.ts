/**
 * What the page sends after a successful payment (spec 001 section 4, step 3) and the upsell's
 * choice: the shipping address, the TrustedForm certificate, and the bundle selection. All for
 * the logged-in caller only.
 */
import type { Router } from 'express';
import { sql } from 'drizzle-orm';
import { bundleSelected, saveAddress, shippingAddressSaved, trustForm } from '@clinic/contracts';
import { storeShippingAddress } from '../domain/shipping-address';
import { HttpError, bindRoute, rows, type ServiceRuntime } from '@clinic/kit';

/** The caller's newest order; for a cart link's session, the order of that cart only. */
export async function latestOrderOf(
  runtime: ServiceRuntime,
  userId: number,
  cartId: string | null = null,
): Promise<{ id: number } | null> {
  const [order] = await rows<{ id: number }>(
    runtime.db,
    sql`select id from checkout.orders
        where user_id = ${userId} and (${cartId}::uuid is null or cart_id = ${cartId}::uuid)
        order by created_at desc, id desc limit 1`,
  );
  return order ?? null;
}

export function afterPaymentRoutes(router: Router, runtime: ServiceRuntime): void {
  bindRoute(router, saveAddress, async ({ body, principal }) => {
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
    await runtime.db.execute(
      sql`insert into checkout.trusted_forms (user_id, url, created_at)
          values (${principal.userId}, ${body.url}, ${runtime.clock.now()})`,
    );
    return { status: 'success' as const };
  });

  bindRoute(router, bundleSelected, async ({ body, principal }) => {
    const order = await latestOrderOf(runtime, principal.userId, principal.cartId);
    if (!order) throw new HttpError(404, 'We could not find your order.');
    await runtime.db.execute(
      sql`update checkout.orders set bundle_choice = ${body.selectedMed} where id = ${order.id}`,
    );
    return { status: 'success' as const, message: 'Bundle selection saved' };
  });
}
