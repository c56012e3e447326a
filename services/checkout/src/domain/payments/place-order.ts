/**
 * What a successful checkout charge becomes, in one transaction (spec 001 section 4): the order
 * (pending_approval) with a prescription preauth per prescription product, the transaction, the
 * subscription for the chosen term, and `payment-succeeded` in the outbox.
 */
import { sql } from 'drizzle-orm';
import {
  paymentSucceeded,
  paymentTermLabels,
  regularMonthlyCents,
  termPrices,
  type CheckoutAddress,
  type CheckoutResponse,
  type PaymentTerm,
} from '@clinic/contracts';
import { rows, type EventWriter, type Tx } from '@clinic/kit';
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
): Promise<CheckoutResponse> {
  const { cart, term } = paid;
  const product = cart.product;
  const planName = planNameOf(product.name, term);
  const [order] = await rows<{ id: number }>(
    tx,
    sql`insert into checkout.orders
          (cart_id, user_id, status, product_id, plan_id, payment_terms, amount_cents,
           discount_cents, coupon_id, shipping_address, billing_address, created_at)
        values (${cart.id}, ${paid.userId}, 'pending_approval', ${product.id}, ${product.stripeId},
                ${term}, ${paid.amountCents}, ${paid.discountCents}, ${paid.couponId},
                ${JSON.stringify(paid.shippingAddress)}::jsonb,
                ${paid.billingAddress ? JSON.stringify(paid.billingAddress) : null}::jsonb, ${now})
        returning id`,
  );
  if (!order) throw new Error('order not created');
  const preauths = [{ orderId: order.id, product_id: product.id, product_name: product.name }];
  await tx.execute(
    sql`insert into checkout.prescription_preauths (order_id, product_id, product_name, created_at)
        values (${order.id}, ${product.id}, ${product.name}, ${now})`,
  );
  await tx.execute(
    sql`insert into checkout.transactions
          (transaction_id, order_id, user_id, kind, amount_cents, status, product_name,
           customer_id, payment_method_id, card_brand, card_last4, idempotency_key, created_at)
        values (${charge.chargeId}, ${order.id}, ${paid.userId}, 'checkout', ${charge.amountCents},
                'success', ${planName}, ${charge.customerId}, ${charge.paymentMethodId},
                ${charge.card.brand}, ${charge.card.last4}, ${paid.idempotencyKey}, ${now})`,
  );
  const renewalCents =
    term === 1 ? regularMonthlyCents(product.drug) : termPrices[product.drug][term];
  const [subscription] = await rows<{ id: number }>(
    tx,
    sql`insert into checkout.subscriptions
          (order_id, user_id, plan_name, product_id, payment_terms, amount_cents, status,
           next_billing_date, customer_id, payment_method_id, billing_address, created_at, updated_at)
        values (${order.id}, ${paid.userId}, ${planName}, ${product.id}, ${term}, ${renewalCents},
                'active', ${nextBillingDateAfter(now, term)}, ${charge.customerId},
                ${charge.paymentMethodId},
                ${paid.billingAddress ? JSON.stringify(paid.billingAddress) : null}::jsonb, ${now}, ${now})
        returning id`,
  );
  if (!subscription) throw new Error('subscription not created');
  await recordSupply(tx, {
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
