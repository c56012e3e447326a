import { z } from 'zod';
import { paymentTerms } from '../constants/catalog';
import { cartItemSchema } from './cart';
import { sessionUserSchema } from './identity';
import { defineRoute } from './route';

/** Spec 001 section 5: text fields hold 256 characters at most. */
export const checkoutTextMax = 256;

/** Spec 001 sections 5 and 8: the checkout page's texts, verbatim. */
export const checkoutMessages = {
  cartLoadSuffix: 'Please check the checkout link is correct.',
  paymentNotInitialized: 'Payment system not initialized. Please refresh the page and try again.',
  paymentReinitialized: 'Payment system reinitialized. Please try again.',
  switchMedication: 'Error switching medication. Please try again.',
  declined:
    'Uh oh! It looks like your card was declined. No worries—your bank might have sent you a text to approve the charge. Just reply to their message to approve it and try again, or feel free to use a different card.',
  insufficientFunds:
    'It looks like your card has insufficient funds. Please use a different payment method or contact your bank for assistance.',
  activeOrder:
    'an active order exists on your account. please login to your account to view or modify it.',
  multipleAttempts:
    "You've tried this card multiple times without success. Please use a different card to complete your purchase.",
  // The spec shows this text only up to "24 hours..."; the rest is the clinic's own.
  cardBlocked:
    'Card Temporarily Blocked: Your card has been declined 3 times and is now temporarily blocked for 24 hours. Please use a different payment method or try again after 24 hours.',
  incompleteShipping: 'Please enter a complete shipping address.',
  incompleteBilling: 'Please enter a complete billing address.',
  acceptTerms: 'Please agree to the terms and conditions.',
  invalidCard: 'Invalid card details',
  invalidAddressTitle: 'Invalid Address',
  poBox:
    'Our carriers do not deliver to P.O. Box addresses. Please enter a valid street address for your shipment.',
  // The clinic's own texts for what the spec leaves out.
  amountMismatch:
    'The amount does not match the price of your plan. Please refresh the page and try again.',
  unknownCart: 'We could not find this cart.',
  paymentInProgress: 'Your payment is already being processed. Please wait a moment.',
  idempotencyKeyRequired: 'Each payment attempt needs an Idempotency-Key header.',
  idempotencyKeyReused:
    'This Idempotency-Key was already used for a different payment. Please try again.',
  cardTokenUsed: 'This card token was already used. Please enter your card again.',
} as const;

/**
 * Spec 001 section 9: card blocking limits. "At 3 attempts the cart is blocked" is read as: the
 * card that failed 3 times is refused for that cart, and a different card may still pay; against
 * card testing, the cart itself refuses every payment for 24 hours after 6 failures in all.
 */
export const cardBlocking = {
  /** At this many failed attempts of one card on a cart, the cart refuses that card. */
  maxCardAttemptsPerCart: 3,
  /** At this many failed attempts in all, a cart refuses every payment for `blockMs`. */
  maxCartAttempts: 6,
  /** More than this many insufficient-funds or pick-up-card declines block the card. */
  maxNoFundsDeclines: 3,
  blockMs: 24 * 60 * 60 * 1000,
} as const;

const usState = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, 'Use the two-letter state code');
const usZip = z
  .string()
  .trim()
  .regex(/^\d{5}(-\d{4})?$/, 'Use a 5-digit ZIP code or ZIP+4');
const addressLine = z.string().trim().max(checkoutTextMax, `At most ${checkoutTextMax} characters`);

/** Spec 001 section 3, "Checkout address". */
export const checkoutAddressSchema = z.object({
  id: z.union([z.number().int(), z.string().max(64)]).nullish(),
  addressLine1: addressLine.min(1, checkoutMessages.incompleteShipping),
  addressLine2: addressLine.nullish(),
  city: addressLine.min(1, checkoutMessages.incompleteShipping),
  state: usState,
  zip: usZip,
});
export type CheckoutAddress = z.infer<typeof checkoutAddressSchema>;

/** A street a carrier cannot deliver to (spec 001 section 5). */
export function isPoBox(street: string): boolean {
  return /\b(p\.?\s*o\.?\s*box|post\s+office\s+box|p\s+o\s+box)\b/i.test(street);
}

const paymentTermSchema = z.union(
  paymentTerms.map((t) => z.literal(t)),
  {
    error: 'Please choose a payment plan of 1, 3, 6 or 12 months.',
  },
);

/** Spec 001 section 3, "Cart response": the cart of a checkout link and its user. */
export const getCartResponseSchema = z.object({
  status: z.literal('success'),
  cartItem: z.array(
    cartItemSchema.extend({
      sema_offer: z.string(),
      tir_offer: z.string(),
    }),
  ),
  /**
   * The cart's patient, when the cart was saved by a logged-in patient. `token` opens a session
   * for a visitor who is not logged in; it is given only while the cart is unpaid and less than
   * a day old (the README's "cart links").
   */
  userData: sessionUserSchema.extend({ token: z.string().optional() }).nullable(),
  message: z.string(),
  /** The plan page's answers the cart was saved with (to switch medication). */
  currentGLPMed: z.enum(['Yes', 'No']),
  currentDose: z.string(),
});
export type GetCartResponse = z.infer<typeof getCartResponseSchema>;

export const getCart = defineRoute({
  method: 'get',
  path: '/api/get-cart/:cart_id',
  service: 'checkout',
  auth: 'public',
  summary:
    "A checkout link's cart, priced from the catalog, with its patient. 404 with a message for an unknown or paid cart.",
  params: z.object({ cart_id: z.string().max(64) }),
  response: getCartResponseSchema,
});

/** Spec 001 section 3, "Payment payload". Only the cart, term, coupon and card decide the charge. */
export const checkoutRequestSchema = z.object({
  payment_terms: paymentTermSchema,
  user_id: z.union([z.number().int(), z.string().max(64)]).nullish(),
  /** The cart id of the checkout link. */
  id: z.string().max(64),
  /** A card token (`tok_...`) or a wallet's payment method (`pm_...`). */
  cardToken: z.string().min(1, checkoutMessages.invalidCard).max(256),
  /** What the page shows as due today, in cents; refused when it is not what the server computes. */
  amount: z.number().int().nonnegative(),
  discount: z.number().nonnegative().nullish(),
  medication: z.string().max(64).nullish(),
  drug_mode: z.string().max(64).nullish(),
  couponCode: z.string().max(64).nullish(),
  couponId: z.number().int().nullish(),
  paymentMethod: z.string().max(32).nullish(),
  cartItems: z.array(z.unknown()).max(20).nullish(),
  cardDetails: z
    .object({
      brand: z.string().max(32).nullish(),
      last4: z.string().max(4).nullish(),
    })
    .nullish(),
  planId: z.string().max(128).nullish(),
  cartTotal: z.number().nullish(),
  cartTotalNoDiscount: z.number().nullish(),
  offer: z.string().max(64).nullish(),
  billingAddress: checkoutAddressSchema.nullish(),
  shippingAddress: checkoutAddressSchema,
  user_agent: z.string().max(1024).nullish(),
  ip_address: z.string().max(64).nullish(),
  tracking_session_id: z.string().max(128).nullish(),
  phone: z.string().max(20).nullish(),
  /** The affiliate conversion id kept from the `c_id` query parameter (spec 001 section 3). */
  c_id: z.string().max(128).nullish(),
});
export type CheckoutRequest = z.infer<typeof checkoutRequestSchema>;

export const prescriptionPreauthSchema = z.object({
  orderId: z.number().int(),
  product_id: z.number().int(),
  product_name: z.string(),
});

export const checkoutResponseSchema = z.object({
  status: z.literal('success'),
  prescriptionPreauths: z.array(prescriptionPreauthSchema),
  transaction_id: z.string(),
  customerId: z.string().nullable(),
  /** What was charged, in cents. */
  amount: z.number().int(),
  payment_terms: z.number().int(),
});
export type CheckoutResponse = z.infer<typeof checkoutResponseSchema>;

export const checkoutNew = defineRoute({
  method: 'post',
  path: '/api/checkout-new',
  service: 'checkout',
  auth: 'public',
  summary:
    'Pays for a cart. Requires an Idempotency-Key header: a repeated key answers the first result and never charges twice. Declines answer 402 with `code`, `attempts` (of this card on this cart), `card_refused` and `cart_blocked`. Refused before any charge with 423: a patient or card blocked for 24 hours (`blocked`, `blocked_until`), a cart blocked for 24 hours after 6 failures (`cart_blocked`, `cart_blocked_until`), a card that failed 3 times on this cart (`card_refused`; another card may pay).',
  body: checkoutRequestSchema,
  response: checkoutResponseSchema,
});

export const blockUserPayment = defineRoute({
  method: 'get',
  path: '/api/block-user-payment',
  service: 'checkout',
  auth: 'public',
  summary:
    'Whether the caller (or the given cart) may pay: a card blocked for 24 hours after more than 3 insufficient-funds or pick-up-card declines, or a cart blocked for 24 hours after 6 failed attempts in all (a card that failed 3 times on a cart is refused only when it is used).',
  query: z.object({ cart_id: z.string().max(64).optional() }),
  response: z.object({
    status: z.literal('success'),
    blocked: z.boolean(),
    cart_blocked: z.boolean(),
    blocked_until: z.string().nullable(),
  }),
});

export const saveAddress = defineRoute({
  method: 'post',
  path: '/api/save-address',
  service: 'checkout',
  auth: 'patient',
  summary:
    "Stores the caller's shipping address (address_line_1, address_line_2, city, state, zip).",
  body: checkoutAddressSchema,
  response: z.object({ status: z.literal('success'), message: z.string() }),
});

export const trustForm = defineRoute({
  method: 'post',
  path: '/api/trust-form',
  service: 'checkout',
  auth: 'patient',
  summary: "Stores the TrustedForm certificate URL of the caller's checkout (consent evidence).",
  body: z.object({
    user_id: z.union([z.number().int(), z.string().max(64)]).nullish(),
    url: z
      .string()
      .max(2048)
      .regex(/^https:\/\//, 'Use an https URL'),
  }),
  response: z.object({ status: z.literal('success') }),
});

/** Spec 000 section 7: the upsell's choice and the terms mapping of its query parameter. */
export const bundleChoices = ['Nausea', 'None'] as const;
export function bundleTerms(queryTerms: string | null): number {
  return queryTerms === '6' ? 2 : 1;
}

export const bundleSelected = defineRoute({
  method: 'post',
  path: '/api/bundle-selected',
  service: 'checkout',
  auth: 'patient',
  summary: "Records the upsell's choice ('Nausea' or 'None') for the caller's latest order.",
  body: z.object({ selectedMed: z.enum(bundleChoices), terms: z.number().int().min(1).max(2) }),
  response: z.object({ status: z.literal('success'), message: z.string() }),
});

/** Spec 000 section 8: the upsell's error texts. */
export const upsellMessages = {
  unexpected: 'An unexpected error occurred.',
  failed: 'Something went wrong. Please try again.',
} as const;

export const addToOrder = defineRoute({
  method: 'post',
  path: '/api/add-to-order',
  service: 'checkout',
  auth: 'patient',
  summary:
    "The upsell's Add To Order: charges the card saved at checkout for GLP Anti-Nausea ($19.97) once per order (Idempotency-Key header) and adds it to the caller's latest order.",
  body: z.object({ product: z.literal('glp_anti_nausea') }),
  response: z.object({
    status: z.literal('success'),
    transaction_id: z.string(),
    prescriptionPreauths: z.array(prescriptionPreauthSchema),
  }),
});

export const callConversion = defineRoute({
  method: 'post',
  path: '/api/call-conversion',
  service: 'checkout',
  auth: 'patient',
  summary:
    'Reports an affiliate conversion (spec 001 section 7). The server queues it once per order as the call-conversion job, which calls the affiliate endpoint with retries; the answer never waits for it.',
  body: z.object({
    user_id: z.union([z.number().int(), z.string().max(64)]).nullish(),
    user_name: z.string().max(256).nullish(),
    product_name: z.string().max(256).nullish(),
    amount: z.number().nullish(),
    c_id: z.string().min(1).max(128),
    payment_terms: z.number().int().nullish(),
  }),
  response: z.object({ status: z.literal('success') }),
});

/**
 * Which card processor the browser tokenises with: the sandbox's tokens endpoint, or Stripe
 * Elements with the publishable key.
 */
export const paymentConfig = defineRoute({
  method: 'get',
  path: '/api/payment-config',
  service: 'checkout',
  auth: 'public',
  summary:
    "The card processor the browser uses: 'sandbox' (POST /sandbox/v1/tokens) or 'stripe' (Stripe Elements with publishableKey), and whether the deployment is production (NODE_ENV=production) or for development and tests.",
  response: z.object({
    processor: z.enum(['sandbox', 'stripe']),
    publishableKey: z.string().nullable(),
    /**
     * Developers' words ("sandbox test mode") are shown only outside production. An answer
     * without the field, from a server older than it, reads as production.
     */
    environment: z.enum(['production', 'development']).default('production'),
  }),
});
export type PaymentConfig = z.infer<typeof paymentConfig.response>;
