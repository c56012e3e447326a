/**
 * The upsell's Add To Order (spec 000, "/payment/thanks"): GLP Anti-Nausea charged to the card
 * saved at checkout, once per order whatever the clicks: the processor idempotency key is the
 * order's, and the preauth and transaction are unique per order and product.
 */
import { sql } from 'drizzle-orm';
import { antiNausea, checkoutMessages, paymentSucceeded } from '@clinic/contracts';
import {
  rows,
  type ServiceRuntime,
  ConflictError,
  NotFoundError,
  PaymentRefusedError,
} from '@clinic/kit';
import type { CardProcessor } from '../../payments/card-processor';

interface AddOnAnswer {
  status: 'success';
  transaction_id: string;
  prescriptionPreauths: { orderId: number; product_id: number; product_name: string }[];
}

export async function addAntiNauseaToOrder(
  runtime: ServiceRuntime,
  processor: CardProcessor,
  userId: number,
  /** A cart link's session adds to that cart's order, never to another of the patient's. */
  cartId: string | null = null,
): Promise<AddOnAnswer> {
  const [order] = await rows<{
    id: number;
    cart_id: string | null;
    payment_terms: number;
    customer_id: string | null;
    payment_method_id: string | null;
  }>(
    runtime.db,
    sql`select o.id, o.cart_id, o.payment_terms, t.customer_id, t.payment_method_id
        from checkout.orders o
        join checkout.transactions t on t.order_id = o.id and t.kind = 'checkout'
        where o.user_id = ${userId} and (${cartId}::uuid is null or o.cart_id = ${cartId}::uuid)
        order by o.created_at desc, o.id desc limit 1`,
  );
  if (!order) throw new NotFoundError('We could not find your order.');
  if (!order.customer_id || !order.payment_method_id)
    throw new ConflictError('No saved card was found for your order.');
  const [product] = await rows<{ id: number; name: string }>(
    runtime.db,
    sql`select id, name from checkout.products where sku = ${antiNausea.sku} and active`,
  );
  if (!product) throw new NotFoundError('This product is not available.');

  const idempotencyKey = `add-on-${order.id}-${antiNausea.sku}`;
  const existing = await transactionOf(runtime, idempotencyKey);
  if (existing) return answer(existing, order.id, product);

  const result = await processor.charge({
    amountCents: antiNausea.price,
    source: order.payment_method_id,
    customerId: order.customer_id,
    description: `${antiNausea.name} for order ${order.id}`,
    idempotencyKey,
  });
  if (result.status === 'declined')
    throw new PaymentRefusedError(checkoutMessages.declined, { code: result.code });

  const now = runtime.clock.now();
  await runtime.transaction(async (tx, events) => {
    const inserted = await rows<{ id: number }>(
      tx,
      sql`insert into checkout.transactions
            (transaction_id, order_id, user_id, kind, amount_cents, status, product_name,
             customer_id, payment_method_id, card_brand, card_last4, idempotency_key, created_at)
          values (${result.chargeId}, ${order.id}, ${userId}, 'add-on', ${result.amountCents},
                  'success', ${product.name}, ${result.customerId}, ${result.paymentMethodId},
                  ${result.card.brand}, ${result.card.last4}, ${idempotencyKey}, ${now})
          on conflict (idempotency_key) do nothing returning id`,
    );
    if (inserted.length === 0) return; // a concurrent click recorded it first
    await tx.execute(
      sql`insert into checkout.prescription_preauths (order_id, product_id, product_name, created_at)
          values (${order.id}, ${product.id}, ${product.name}, ${now}) on conflict do nothing`,
    );
    await events.publish(paymentSucceeded, {
      kind: 'add-on',
      orderId: order.id,
      userId,
      cartId: order.cart_id,
      transactionId: result.chargeId,
      amountCents: result.amountCents,
      currency: 'USD',
      paymentTerms: order.payment_terms,
      productName: product.name,
      planId: antiNausea.sku,
      prescriptionPreauths: [
        { orderId: order.id, product_id: product.id, product_name: product.name },
      ],
      conversionId: null,
      userName: null,
    });
  });
  const stored = await transactionOf(runtime, idempotencyKey);
  if (!stored) throw new Error('add-on transaction not stored');
  return answer(stored, order.id, product);
}

async function transactionOf(runtime: ServiceRuntime, key: string) {
  const [row] = await rows<{ transaction_id: string }>(
    runtime.db,
    sql`select transaction_id from checkout.transactions where idempotency_key = ${key}`,
  );
  return row ?? null;
}

function answer(
  transaction: { transaction_id: string },
  orderId: number,
  product: { id: number; name: string },
): AddOnAnswer {
  return {
    status: 'success',
    transaction_id: transaction.transaction_id,
    prescriptionPreauths: [{ orderId, product_id: product.id, product_name: product.name }],
  };
}
