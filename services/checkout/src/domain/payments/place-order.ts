/**
 * What a successful checkout charge becomes, in one transaction (spec 001 section 4): the order
 * (pending_approval) with a prescription preauth per prescription product, the transaction, the
 * subscription for the chosen term, and `payment-succeeded` in the outbox. Null, with nothing
 * written, when the cart already has its order (orders.cart_id is unique): the caller refunds.
 */
import {
  paymentSucceeded,
  paymentTermLabels,
  type CheckoutAddress,
  type CheckoutResponse,
  type PaymentTerm,
} from '@clinic/contracts';
import type { EventWriter, Tx } from '@clinic/kit';
import { orders, prescriptionPreauths, subscriptions, transactions } from '../../db/schema';
import type { ChargeResult } from '../../payments/card-processor';
import { nextBillingDateAfter } from '../billing/subscription-rules';
import { recordSupply } from '../billing/supply';
import type { CheckoutCart } from './checkout-cart';

export interface PaidCheckout {
  cart: CheckoutCart;
  userId: number | null;
  term: PaymentTerm;
  amountCents: number;
  discountCents: number;
  couponId: number | null;
  /**
   * What each renewal of the subscription bills: the cart's price for the term, kept on the
   * subscription, so renewals never follow a later price change (catalog-settings.ts).
   */
  renewalCents: number;
  shippingAddress: CheckoutAddress;
  billingAddress: CheckoutAddress | null;
  conversionId: string | null;
  idempotencyKey: string;
}

export function planNameOf(productName: string, term: PaymentTerm): string {
  return `${productName} ${paymentTermLabels[term].name}`;
}

export async function placeOrder(
  tx: Tx,
  events: EventWriter,
  paid: PaidCheckout,
  charge: Extract<ChargeResult, { status: 'succeeded' }>,
  now: Date,
): Promise<CheckoutResponse | null> {
  const { cart, term } = paid;
  const product = cart.product;
  const planName = planNameOf(product.name, term);
  const [order] = await tx
    .insert(orders)
    .values({
      cartId: cart.id,
      userId: paid.userId,
      status: 'pending_approval',
      productId: product.id,
      planId: product.stripeId,
      paymentTerms: term,
      amountCents: paid.amountCents,
      discountCents: paid.discountCents,
      couponId: paid.couponId,
      shippingAddress: paid.shippingAddress,
      billingAddress: paid.billingAddress,
      createdAt: now,
    })
    .onConflictDoNothing({ target: orders.cartId })
    .returning({ id: orders.id });
  if (!order) return null;
  const preauths = [{ orderId: order.id, product_id: product.id, product_name: product.name }];
  await tx.insert(prescriptionPreauths).values({
    orderId: order.id,
    productId: product.id,
    productName: product.name,
    createdAt: now,
  });
  await tx.insert(transactions).values({
    transactionId: charge.chargeId,
    orderId: order.id,
    userId: paid.userId,
    kind: 'checkout',
    amountCents: charge.amountCents,
    status: 'success',
    productName: planName,
    customerId: charge.customerId,
    paymentMethodId: charge.paymentMethodId,
    cardBrand: charge.card.brand,
    cardLast4: charge.card.last4,
    idempotencyKey: paid.idempotencyKey,
    createdAt: now,
  });
  const [subscription] = await tx
    .insert(subscriptions)
    .values({
      orderId: order.id,
      userId: paid.userId,
      planName,
      productId: product.id,
      paymentTerms: term,
      amountCents: paid.renewalCents,
      status: 'active',
      nextBillingDate: nextBillingDateAfter(now, term),
      customerId: charge.customerId,
      paymentMethodId: charge.paymentMethodId,
      billingAddress: paid.billingAddress,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: subscriptions.id });
  if (!subscription) throw new Error('subscription not created');
  const supply = await recordSupply(tx, {
    subscriptionId: subscription.id,
    transactionId: charge.chargeId,
    term,
    paymentNumber: 1,
    paidAt: now,
  });
  await events.publish(paymentSucceeded, {
    kind: 'checkout',
    orderId: order.id,
    userId: paid.userId,
    cartId: cart.id,
    transactionId: charge.chargeId,
    amountCents: charge.amountCents,
    currency: 'USD',
    paymentTerms: term,
    productName: planName,
    planId: product.stripeId,
    prescriptionPreauths: preauths,
    conversionId: paid.conversionId,
    userName: null,
    supply: supply.map((s) => ({ shipOn: s.shipOn.toISOString(), vials: s.vials })),
  });
  return {
    status: 'success',
    prescriptionPreauths: preauths,
    transaction_id: charge.chargeId,
    customerId: charge.customerId,
    amount: charge.amountCents,
    payment_terms: term,
  };
}
