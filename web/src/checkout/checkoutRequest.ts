/** What the checkout page sends and reads: the pure parts of paying (spec 001 section 4). */
import {
  centsToDollars,
  checkoutSessionSchema,
  drugLabels,
  type CheckoutRequest,
  type PaymentTerm,
} from '@clinic/contracts';
import type { Session } from '../session/session';
import { TRACKING_SESSION_KEY } from '../tracking/trackingSession';
import type { CardResult } from '../ui';
import type { AddressFields } from './addressFallback';
import { toCheckoutAddress } from './addressFields';
import { readConversionId } from './conversionId';
import { guestBuyerOf, type GuestFields } from './GuestSection';
import type { LoadedCart } from './loadCart';

/** The public checkout page, or the call center's copy of it. */
export type CheckoutVariant = 'public' | 'call-center';

export interface AppliedCoupon {
  code: string;
  id: number;
  /** c_val: the flat discount in dollars. */
  discount: number;
}

function storedTrackingSessionId(): string | null {
  try {
    return sessionStorage.getItem(TRACKING_SESSION_KEY);
  } catch {
    return null;
  }
}

/** The TrustedForm certificate its script leaves in the page, when the script runs. */
export function trustedFormCertUrl(): string | null {
  const input = document.querySelector<HTMLInputElement>('input[name="xxTrustedFormCertUrl"]');
  const value = input?.value.trim();
  return value && value.startsWith('https://') ? value : null;
}

/** What a successful checkout-new answer tells the next pages. */
export interface Payment {
  transaction_id: string;
  /** Charged, in cents. */
  amount: number;
  prescriptionPreauths: unknown[];
  /** A guest's session on the account made for the order. */
  session: Session | null;
}

/**
 * The payment of a checkout-new answer, or null when its status is not "success". Read leniently:
 * once the server says the card was charged, a missing detail must not show a decline.
 */
export function paymentOf(raw: unknown, dueCents: number): Payment | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const body = raw as Record<string, unknown>;
  if (body.status !== 'success') return null;
  const userData = checkoutSessionSchema.safeParse(body.userData);
  return {
    session: userData.success ? (({ token, ...user }) => ({ token, user }))(userData.data) : null,
    transaction_id: typeof body.transaction_id === 'string' ? body.transaction_id : '',
    amount: typeof body.amount === 'number' ? body.amount : dueCents,
    prescriptionPreauths: Array.isArray(body.prescriptionPreauths) ? body.prescriptionPreauths : [],
  };
}

export function pushPurchase(transactionId: string, dollars: number): void {
  const w = window as unknown as { dataLayer?: unknown[] };
  w.dataLayer = w.dataLayer ?? [];
  w.dataLayer.push({
    event: 'purchase',
    ecommerce: { transaction_id: transactionId, value: dollars, currency: 'USD' },
  });
}

/** Everything the order is made of when Pay is pressed. */
export interface OrderDraft {
  cart: LoadedCart;
  term: PaymentTerm;
  coupon: AppliedCoupon | null;
  shipping: AddressFields;
  /** The billing address, or null when it is the shipping address. */
  billing: AddressFields | null;
  /** The buyer's details, when nobody known is buying (a guest). */
  guest: GuestFields | null;
  /** The patient's id, or the guest id of this page. */
  userId: CheckoutRequest['user_id'];
  phone: string | null;
  dueCents: number;
  fullCents: number;
}

/** The POST /api/checkout-new body (spec 001 section 4). */
export function buildCheckoutRequest(
  order: OrderDraft,
  card: CardResult,
  method: 'card' | 'wallet',
): CheckoutRequest {
  const { cart, coupon, dueCents } = order;
  const drug = cart.drug;
  const guest = order.guest ? guestBuyerOf(order.guest).buyer : null;
  return {
    payment_terms: order.term,
    user_id: order.userId,
    id: cart.cartId,
    cardToken: card.token,
    amount: dueCents,
    discount: coupon ? coupon.discount : 0,
    medication: drugLabels[drug],
    couponCode: coupon?.code ?? null,
    couponId: coupon?.id ?? null,
    paymentMethod: method,
    cartItems: [cart.item],
    cardDetails: { brand: card.brand, last4: card.last4 },
    planId: cart.item.stripe_id,
    cartTotal: centsToDollars(dueCents),
    cartTotalNoDiscount: centsToDollars(order.fullCents),
    offer: drug === 'semaglutide' ? cart.offers.sema_offer : cart.offers.tir_offer,
    billingAddress: order.billing ? toCheckoutAddress(order.billing) : null,
    shippingAddress: toCheckoutAddress(order.shipping),
    user_agent: navigator.userAgent.slice(0, 1024),
    ip_address: null,
    tracking_session_id: storedTrackingSessionId(),
    phone: order.phone,
    c_id: readConversionId(),
    ...(guest ? { guest } : {}),
  };
}
