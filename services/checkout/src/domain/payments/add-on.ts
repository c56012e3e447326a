/**
 * The upsell's Add To Order (spec 000, "/payment/thanks"): GLP Anti-Nausea charged to the card
 * saved at checkout, once per order whatever the clicks: the processor idempotency key is the
 * order's, and the preauth and transaction are unique per order and product. Once it is on the
 * order, another Add To Order (a reload, the back button, another tab) is refused and the page
 * shows its second step; clicks at the same moment share the one charge. The charge's receipt is
 * emailed once (add-on-receipt-email, queued with the transaction that records it). It is charged
 * the product's price now (the price table's `antiNausea`, written to the product row with each
 * change), the price the upsell page shows (/api/upsell-status); when the page sends the price it
 * showed and that is no longer the price, nothing is charged and the page is told the new one.
 */
import { and, desc, eq } from 'drizzle-orm';
import { antiNausea, checkoutMessages, paymentSucceeded, upsellMessages } from '@clinic/contracts';
import {
  type ServiceRuntime,
  ConflictError,
  NotFoundError,
  PaymentRefusedError,
} from '@clinic/kit';
import { orders, prescriptionPreauths, products, transactions } from '../../db/schema';
import { addOnReceipt, addOnReceiptJobId } from '../../jobs/definitions/add-on-receipt-email';
import type { CardProcessor } from '../../payments/card-processor';

interface AddOnAnswer {
  status: 'success';
  transaction_id: string;
  prescriptionPreauths: { orderId: number; product_id: number; product_name: string }[];
}

/** The caller's newest paid order (a cart link's session: that cart's), with its saved card. */
async function latestPaidOrder(runtime: ServiceRuntime, userId: number, cartId: string | null) {
  const [order] = await runtime.db
    .select({
      id: orders.id,
      cartId: orders.cartId,
      paymentTerms: orders.paymentTerms,
      customerId: transactions.customerId,
      paymentMethodId: transactions.paymentMethodId,
    })
    .from(orders)
    .innerJoin(
      transactions,
      and(eq(transactions.orderId, orders.id), eq(transactions.kind, 'checkout')),
    )
    .where(and(eq(orders.userId, userId), cartId === null ? undefined : eq(orders.cartId, cartId)))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(1);
  if (!order) throw new NotFoundError('We could not find your order.');
  return order;
}

const addOnKeyOf = (orderId: number) => `add-on-${orderId}-${antiNausea.sku}`;

/** Whether GLP Anti-Nausea is on the caller's latest order already. */
export async function antiNauseaAdded(
  runtime: ServiceRuntime,
  userId: number,
  cartId: string | null = null,
): Promise<boolean> {
  const order = await latestPaidOrder(runtime, userId, cartId);
  return (await transactionOf(runtime, addOnKeyOf(order.id))) !== null;
}

/** The add-on's price now, in cents: the product row the price table's changes write. */
export async function antiNauseaPriceCents(runtime: ServiceRuntime): Promise<number> {
  const [product] = await runtime.db
    .select({ priceCents: products.retailPriceCents })
    .from(products)
    .where(and(eq(products.sku, antiNausea.sku), eq(products.active, true)));
  if (!product) throw new NotFoundError('This product is not available.');
  return product.priceCents;
}

export async function addAntiNauseaToOrder(
  runtime: ServiceRuntime,
  processor: CardProcessor,
  userId: number,
  /** A cart link's session adds to that cart's order, never to another of the patient's. */
  cartId: string | null = null,
  /** The price the page showed; a different price now is refused before any charge. */
  shownCents?: number,
): Promise<AddOnAnswer> {
  const order = await latestPaidOrder(runtime, userId, cartId);
  if (!order.customerId || !order.paymentMethodId)
    throw new ConflictError('No saved card was found for your order.');
  const [product] = await runtime.db
    .select({ id: products.id, name: products.name, priceCents: products.retailPriceCents })
    .from(products)
    .where(and(eq(products.sku, antiNausea.sku), eq(products.active, true)));
  if (!product) throw new NotFoundError('This product is not available.');

  const idempotencyKey = addOnKeyOf(order.id);
  if (await transactionOf(runtime, idempotencyKey))
    throw new ConflictError(upsellMessages.alreadyAdded, { already_added: true });
  if (shownCents !== undefined && shownCents !== product.priceCents)
    throw new ConflictError(upsellMessages.priceChanged(product.priceCents), {
      price_cents: product.priceCents,
    });

  const result = await processor.charge({
    amountCents: product.priceCents,
    source: order.paymentMethodId,
    customerId: order.customerId,
    description: `${antiNausea.name} for order ${order.id}`,
    idempotencyKey,
  });
  if (result.status === 'declined')
    throw new PaymentRefusedError(checkoutMessages.declined, { code: result.code });

  const now = runtime.clock.now();
  await runtime.transaction(async (tx, events) => {
    const inserted = await tx
      .insert(transactions)
      .values({
        transactionId: result.chargeId,
        orderId: order.id,
        userId,
        kind: 'add-on',
        amountCents: result.amountCents,
        status: 'success',
        productName: product.name,
        customerId: result.customerId,
        paymentMethodId: result.paymentMethodId,
        cardBrand: result.card.brand,
        cardLast4: result.card.last4,
        idempotencyKey,
        createdAt: now,
      })
      .onConflictDoNothing({ target: transactions.idempotencyKey })
      .returning({ id: transactions.id });
    if (inserted.length === 0) return; // a concurrent click recorded it first (and its receipt)
    await runtime.queue.job(addOnReceipt).enqueueAfterCommit(
      tx,
      {
        orderId: order.id,
        userId,
        transactionId: result.chargeId,
        productName: product.name,
        amountCents: result.amountCents,
        cardLast4: result.card.last4 || null,
        chargedAt: now.toISOString(),
      },
      { jobId: addOnReceiptJobId(result.chargeId) },
    );
    await tx
      .insert(prescriptionPreauths)
      .values({
        orderId: order.id,
        productId: product.id,
        productName: product.name,
        createdAt: now,
      })
      .onConflictDoNothing();
    await events.publish(paymentSucceeded, {
      kind: 'add-on',
      orderId: order.id,
      userId,
      cartId: order.cartId,
      transactionId: result.chargeId,
      amountCents: result.amountCents,
      currency: 'USD',
      paymentTerms: order.paymentTerms,
      productName: product.name,
      planId: antiNausea.sku,
      prescriptionPreauths: [
        { orderId: order.id, product_id: product.id, product_name: product.name },
      ],
      conversionId: null,
      userName: null,
      supply: [],
    });
  });
  const stored = await transactionOf(runtime, idempotencyKey);
  if (!stored) throw new Error('add-on transaction not stored');
  return answer(stored, order.id, product);
}

async function transactionOf(runtime: ServiceRuntime, key: string) {
  const [row] = await runtime.db
    .select({ transactionId: transactions.transactionId })
    .from(transactions)
    .where(eq(transactions.idempotencyKey, key));
  return row ?? null;
}

function answer(
  transaction: { transactionId: string },
  orderId: number,
  product: { id: number; name: string },
): AddOnAnswer {
  return {
    status: 'success',
    transaction_id: transaction.transactionId,
    prescriptionPreauths: [{ orderId, product_id: product.id, product_name: product.name }],
  };
}
