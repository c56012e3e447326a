import { z } from 'zod';
import { paymentTerms, type PaymentTerm } from '../constants/catalog';
import { cartItemSchema } from './cart';
import { INT32_MAX, int, numeric, requiredText, rowId, text, usStateCode } from './fields';
import { notPoBox, optionalAddressLine, requiredAddressLine, usZip } from './address';
import { poBoxMessage } from '../rules/po-box';
import { cartSessionUserSchema, sessionUserSchema } from './identity';
import { intakeLimits, intakeMessages, namePattern, simpleEmailPattern } from '../rules/intake';
import { isValidVerificationPhoneNumber } from '../rules/verification';
import { defineRoute } from './route';
import { drugPricesSchema } from './catalog-prices';

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
  poBox: poBoxMessage,
  // The clinic's own texts for what the spec leaves out.
  amountMismatch:
    'The amount does not match the price of your plan. Please refresh the page and try again.',
  unknownCart: 'We could not find this cart.',
  paymentInProgress: 'Your payment is already being processed. Please wait a moment.',
  idempotencyKeyRequired: 'Each payment attempt needs an Idempotency-Key header.',
  idempotencyKeyReused:
    'This Idempotency-Key was already used for a different payment. Please try again.',
  cardTokenUsed: 'This card token was already used. Please enter your card again.',
  guestDetailsRequired:
    'Please enter your name, email address and phone number so we can set up your account for this order.',
  accountUnavailable:
    'We cannot set up your account right now. Your card has not been charged. Please try again in a minute.',
} as const;

/**
 * Stripe's convention: one key per payment attempt, 1 to 255 visible ASCII characters. A repeat
 * of the key answers the first result and never charges twice.
 */
export const idempotencyKeyHeaders = z.object({
  'Idempotency-Key': z
    .string({ error: checkoutMessages.idempotencyKeyRequired })
    .regex(
      /^[\x21-\x7e]{1,255}$/,
      'The Idempotency-Key header must be 1 to 255 visible characters.',
    ),
});

const addressLine = optionalAddressLine();

/** Spec 001 section 3, "Checkout address". */
export const checkoutAddressSchema = z.object({
  id: z.union([rowId(), text(64)]).nullish(),
  addressLine1: requiredAddressLine(checkoutMessages.incompleteShipping),
  addressLine2: addressLine.nullish(),
  city: requiredAddressLine(checkoutMessages.incompleteShipping),
  state: usStateCode(checkoutMessages.incompleteShipping),
  zip: usZip(),
});
/**
 * The shipping address also refuses P.O. boxes (400 with `address_error`), at checkout-new and
 * save-address alike (rules/po-box.ts).
 */
export const checkoutShippingAddressSchema = checkoutAddressSchema.extend({
  addressLine1: checkoutAddressSchema.shape.addressLine1.meta(notPoBox),
  addressLine2: addressLine.meta(notPoBox).nullish(),
});
export type CheckoutAddress = z.infer<typeof checkoutAddressSchema>;

/** 1, 3, 6 or 12, as a number or the string a select gives. */
export const paymentTermSchema = z
  .union(
    [...paymentTerms.map((t) => z.literal(t)), ...paymentTerms.map((t) => z.literal(String(t)))],
    {
      error: 'Please choose a payment plan of 1, 3, 6 or 12 months.',
    },
  )
  .transform((term) => Number(term) as PaymentTerm);

/** A patient id as the spec's pages send it: a number, or the "guest-..." identifier. */
const userIdSchema = z.union([rowId(), text(64)]).nullish();
const dollarAmount = numeric(z.number().min(0).max(1_000_000));

/** No coupon applied is sent as an empty coupon id (spec 001's page keeps it as ''). */
const couponIdSchema = z
  .union([numeric(rowId()), z.literal('')])
  .nullish()
  .transform((id) => (id === '' || id === undefined ? null : id));

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
   * The cart's patient, for a visitor who is not logged in, while the cart is unpaid and less
   * than a day old: `token` is a session scoped to this cart (docs/architecture/checkout-and-payments.md, "Cart links").
   */
  userData: cartSessionUserSchema.extend({ token: z.string() }).nullable(),
  message: z.string(),
  /**
   * The prices this cart is charged, in cents: the price table of the moment it was saved (a
   * later change applies to carts saved after it). The page shows and sends these.
   */
  prices: drugPricesSchema,
  // Nothing else: a link is forwarded, screenshotted, logged. The plan page's answers (the
  // GLP-1 medication taken now and its dose) stay with the cart; a medication switch carries them
  // over on the server (save-cart's replaces_cart).
});
export type GetCartResponse = z.infer<typeof getCartResponseSchema>;

export const getCart = defineRoute({
  method: 'get',
  path: '/api/get-cart/:cart_id',
  service: 'checkout',
  auth: 'public',
  summary:
    "A checkout link's cart, priced from the catalog, with its patient. 404 with a message for an unknown or paid cart.",
  params: z.object({ cart_id: text(64) }),
  response: getCartResponseSchema,
});

/**
 * Who is buying when the payer has no account (spec 001: guests may check out). Every order
 * belongs to an account, so the page asks a guest for these; the server makes the account from
 * them when the payment succeeds (no password: a set-password email, as the quiz's account) and
 * refuses the payment before any charge without them, or when the email already has an account
 * (that buyer logs in). Names and email as the quiz checks them; the phone as /verify does.
 */
const personName = text(intakeLimits.nameMaxLength).regex(namePattern, intakeMessages.name);
export const guestBuyerSchema = z.object({
  first_name: personName,
  last_name: personName,
  email: text(intakeLimits.emailMaxLength)
    .trim()
    .regex(simpleEmailPattern, intakeMessages.email)
    .toLowerCase(),
  phone: text(20)
    .transform((phone) => phone.replace(/\D/g, ''))
    .refine(isValidVerificationPhoneNumber, intakeMessages.phone),
});
export type GuestBuyer = z.infer<typeof guestBuyerSchema>;

/** Spec 001 section 3, "Payment payload". Only the cart, term, coupon and card decide the charge. */
export const checkoutRequestSchema = z.object({
  payment_terms: paymentTermSchema,
  user_id: userIdSchema,
  /** The cart id of the checkout link. */
  id: text(64),
  /** A card token (`tok_...`) or a wallet's payment method (`pm_...`). */
  cardToken: requiredText(256, checkoutMessages.invalidCard),
  /** What the page shows as due today, in cents; refused when it is not what the server computes. */
  amount: numeric(int(0, INT32_MAX)),
  discount: dollarAmount.nullish(),
  medication: text(64).nullish(),
  drug_mode: text(64).nullish(),
  couponCode: text(64).nullish(),
  couponId: couponIdSchema,
  paymentMethod: text(32).nullish(),
  cartItems: z.array(cartItemSchema.partial()).max(20).nullish(),
  cardDetails: z
    .object({
      brand: text(32).nullish(),
      last4: text(4).nullish(),
    })
    .nullish(),
  planId: text(128).nullish(),
  cartTotal: dollarAmount.nullish(),
  cartTotalNoDiscount: dollarAmount.nullish(),
  offer: text(64).nullish(),
  billingAddress: checkoutAddressSchema.nullish(),
  shippingAddress: checkoutShippingAddressSchema,
  user_agent: text(1024).nullish(),
  ip_address: text(64).nullish(),
  tracking_session_id: text(128).nullish(),
  phone: text(20).nullish(),
  /** The affiliate conversion id kept from the `c_id` query parameter (spec 001 section 3). */
  c_id: text(128).nullish(),
  /** The buyer, when the payer is not logged in and the cart has no patient (our addition). */
  guest: guestBuyerSchema.nullish(),
});
export type CheckoutRequest = z.infer<typeof checkoutRequestSchema>;

export const prescriptionPreauthSchema = z.object({
  orderId: z.number().int(),
  product_id: z.number().int(),
  product_name: z.string(),
});

/**
 * The session a guest's payment opens for the account made for the order, kept by the browser as
 * a login is: the new account's own session (as the quiz gives one), or, when the answer is a
 * repeat of the key, a session scoped to the paid cart (it finishes that order).
 */
export const checkoutSessionSchema = z.union([
  sessionUserSchema.extend({ token: z.string() }),
  cartSessionUserSchema.extend({ token: z.string() }),
]);
export type CheckoutSession = z.infer<typeof checkoutSessionSchema>;

export const checkoutResponseSchema = z.object({
  status: z.literal('success'),
  prescriptionPreauths: z.array(prescriptionPreauthSchema),
  transaction_id: z.string(),
  customerId: z.string().nullable(),
  /** What was charged, in cents. */
  amount: z.number().int(),
  payment_terms: z.number().int(),
  /** A guest's session on the account made for the order (absent for a logged-in payer). */
  userData: checkoutSessionSchema.optional(),
});
export type CheckoutResponse = z.infer<typeof checkoutResponseSchema>;

export const checkoutNew = defineRoute({
  method: 'post',
  path: '/api/checkout-new',
  service: 'checkout',
  auth: 'public',
  summary:
    'Pays for a cart. Requires an Idempotency-Key header: a repeated key answers the first result and never charges twice. Declines answer 402 with `code`, `attempts` (of this card on this cart), `card_refused` and `cart_blocked`. Refused before any charge with 423: a patient or card blocked for 24 hours (`blocked`, `blocked_until`), a cart blocked for 24 hours after 6 failures (`cart_blocked`, `cart_blocked_until`), a card that failed 3 times on this cart (`card_refused`; another card may pay). A guest (no login, a cart without a patient) sends `guest` (name, email, phone): without it 400 (`guest_required`), with an email that has an account 409 (`existing_account`: log in), both before any charge; a paid guest order belongs to a new account made from it (a set-password email) and the answer carries its session in `userData`.',
  headers: idempotencyKeyHeaders,
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
  query: z.object({ cart_id: text(64).optional() }),
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
  allowCartSession: true,
  summary:
    "Stores the caller's shipping address (address_line_1, address_line_2, city, state, zip). A P.O. box is refused (400 with `address_error`, nothing saved).",
  body: checkoutShippingAddressSchema,
  response: z.object({ status: z.literal('success'), message: z.string() }),
});

export const trustForm = defineRoute({
  method: 'post',
  path: '/api/trust-form',
  service: 'checkout',
  auth: 'patient',
  allowCartSession: true,
  summary: "Stores the TrustedForm certificate URL of the caller's checkout (consent evidence).",
  body: z.object({
    user_id: userIdSchema,
    url: z
      .string()
      .max(2048)
      // eslint-disable-next-line no-control-regex -- refusing control characters is the point
      .regex(/^https:\/\/[^\s\u0000-\u001f\u007f<>"]+$/, 'Use an https URL'),
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
  allowCartSession: true,
  summary: "Records the upsell's choice ('Nausea' or 'None') for the caller's latest order.",
  body: z.object({ selectedMed: z.enum(bundleChoices), terms: numeric(int(1, 2)) }),
  response: z.object({ status: z.literal('success'), message: z.string() }),
});

/** Spec 000 section 8: the upsell's error texts. */
export const upsellMessages = {
  unexpected: 'An unexpected error occurred.',
  failed: 'Something went wrong. Please try again.',
  // The clinic's own: a second Add To Order (another tab, a reload) charges nothing.
  alreadyAdded: 'GLP Anti-Nausea is already part of your order.',
  /** The price changed since the page showed it: nothing was charged. */
  priceChanged: (priceCents: number) =>
    `The price of GLP Anti-Nausea is now $${(priceCents / 100).toFixed(2)}. Nothing was charged: press Add To Order again to add it at this price.`,
} as const;

export const addToOrder = defineRoute({
  method: 'post',
  path: '/api/add-to-order',
  service: 'checkout',
  auth: 'patient',
  allowCartSession: true,
  summary:
    "The upsell's Add To Order: charges the card saved at checkout for GLP Anti-Nausea (its price in the price table now; $19.97 by the spec) once per order and adds it to the caller's latest order. Once it is added, another Add To Order is refused (409 with `already_added`) and charges nothing; clicks at the same moment answer the one charge. With `price_cents`, the price the page showed, a different price now is refused (409 with `price_cents`, the price now) and nothing is charged.",
  body: z.object({
    product: z.literal('glp_anti_nausea'),
    price_cents: z.number().int().min(1).max(10_000_000).optional(),
  }),
  response: z.object({
    status: z.literal('success'),
    transaction_id: z.string(),
    prescriptionPreauths: z.array(prescriptionPreauthSchema),
  }),
});

/** Whether the upsell was taken: the page shows its second step instead of offering it again. */
export const upsellStatus = defineRoute({
  method: 'get',
  path: '/api/upsell-status',
  service: 'checkout',
  auth: 'patient',
  allowCartSession: true,
  summary:
    "Whether GLP Anti-Nausea was already added to the caller's latest order (a cart link's session: that cart's order), and `price_cents`, what Add To Order charges now; 404 without an order.",
  response: z.object({
    status: z.literal('success'),
    added: z.boolean(),
    price_cents: z.number().int(),
  }),
});

export const callConversion = defineRoute({
  method: 'post',
  path: '/api/call-conversion',
  service: 'checkout',
  auth: 'patient',
  allowCartSession: true,
  summary:
    'Reports an affiliate conversion (spec 001 section 7). The server queues it once per order as the call-conversion job, which calls the affiliate endpoint with retries; the answer never waits for it.',
  body: z.object({
    user_id: userIdSchema,
    user_name: text(256).nullish(),
    product_name: text(256).nullish(),
    amount: dollarAmount.nullish(),
    c_id: requiredText(128, 'c_id is required'),
    payment_terms: numeric(int(1, 12)).nullish(),
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
