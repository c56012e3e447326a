/**
 * What the checkout page shows when paying fails (spec 001 sections 4 and 8), as a pure function
 * of the failure and the page's card counters (paymentAttempts, nofunds). The server keeps the
 * real card blocking (a card that failed 3 times is refused for the cart, the cart itself is
 * paused for 24 hours after 6 failures, a patient or card for 24 hours after more than 3
 * insufficient-funds declines); its answer says which applies:
 *
 * | failure | shown |
 * |---|---|
 * | 400 with `address_error` (the server read a P.O. box the page did not) | the Invalid Address popup; nothing counted |
 * | 409 with `existing_account` (a guest's email has an account) | the message, with a way to log in; nothing counted |
 * | 423 with `blocked` | cardBlocked, what to do next, support; paying disabled |
 * | `cart_blocked` (423, or the 402 of the 6th failure) | cartBlocked, what to do next, support; paying disabled |
 * | more than 3 insufficient-funds declines on this page | cardBlocked, what to do next, support; paying disabled |
 * | `card_refused` (423, or the 402 of this card's 3rd failure on the cart) | multipleAttempts + " Error: {server message}"; a new card may pay |
 * | message containing "insufficient" or "pick up card" | insufficientFunds |
 * | message exactly activeOrder, or containing "please double-check" | the message as received |
 * | one of the clinic's own checkout texts (amount mismatch, payment in progress, reused key or token) | the message as received |
 * | the 3rd failed attempt on this page, when the server gave no count (network, 5xx) | multipleAttempts + " Error: {server message}" |
 * | anything else (declines, unknown errors, a non-success status) | declined |
 */
import { cardBlocking, checkoutMessages, existingAccountMessage } from '@clinic/contracts';
import { toApiError } from '../api/client';

export interface CheckoutFailure {
  /** The HTTP status, or null when the call never got an answer. */
  status: number | null;
  /** The server's message ('' when there is none). */
  message: string;
  /** 423 `blocked`: the patient or the card is blocked for 24 hours. */
  blocked: boolean;
  /** `cart_blocked`: the cart takes no payment for 24 hours (too many failures in all). */
  cartBlocked: boolean;
  /** `card_refused`: this card failed too often on this cart; another card may pay. */
  cardRefused: boolean;
  /** Until when the block runs (ISO), when the server said. */
  blockedUntil: string | null;
  /** `attempts`: this card's failures on this cart, when the server counted them. */
  attempts: number | null;
  /** The processor's decline code, when the server gave one. */
  code: string | null;
  /** 400 with `address_error`: the shipping address is a P.O. box; no card was tried. */
  poBox: boolean;
  /** 409 with `existing_account`: the guest's email has an account; no card was tried. */
  existingAccount: boolean;
}

export interface PaymentCounters {
  /** Failed checkout calls on this page. */
  paymentAttempts: number;
  /** Insufficient-funds or pick-up-card declines on this page. */
  nofunds: number;
}

export const initialCounters: PaymentCounters = { paymentAttempts: 0, nofunds: 0 };

/** A block that no card lifts: the page says what to do next and how to reach support. */
export interface Blocked {
  kind: 'card' | 'cart';
  until: string | null;
}

export interface CheckoutErrorOutcome {
  message: string;
  /** Set when paying stays disabled from now on. */
  blocked: Blocked | null;
  /** The card was refused for this cart: its fields are emptied for a different card. */
  newCard: boolean;
  /** The address is a P.O. box: the Invalid Address popup says so. */
  poBox: boolean;
  /** The buyer has an account: the page offers to log in. */
  logIn: boolean;
  counters: PaymentCounters;
}

/** The clinic's own text for a cart paused after too many failures (the spec has none). */
export const cartBlockedText =
  'Payments for this order are paused for 24 hours after several declined cards. Your card has not been charged.';

function field(body: unknown, name: string): unknown {
  return typeof body === 'object' && body !== null
    ? (body as Record<string, unknown>)[name]
    : undefined;
}

const text = (body: unknown, name: string) => {
  const value = field(body, name);
  return typeof value === 'string' ? value : null;
};

/** What a failure without the server's answer says about blocking: nothing. */
const noVerdict = {
  blocked: false,
  cartBlocked: false,
  cardRefused: false,
  blockedUntil: null,
  attempts: null,
  code: null,
  poBox: false,
  existingAccount: false,
} as const;

/**
 * The failure a checkout call ended with (an `ApiError` of the client): an HTTP refusal, a 2xx
 * that is not a success, or no answer at all.
 */
export function checkoutFailureOf(error: unknown): CheckoutFailure {
  const failure = toApiError(error);
  if (failure.isNetwork) {
    const cause: unknown = failure.cause;
    return { ...noVerdict, status: null, message: cause instanceof Error ? cause.message : '' };
  }
  const { body, status } = failure;
  if (failure.kind === 'malformed') return nonSuccessFailure(body);
  const attempts = field(body, 'attempts');
  const refusal = status === 423 || status === 402;
  return {
    status,
    message: failure.serverMessage ?? '',
    blocked: status === 423 && field(body, 'blocked') === true,
    cartBlocked: refusal && field(body, 'cart_blocked') === true,
    cardRefused: refusal && field(body, 'card_refused') === true,
    blockedUntil: text(body, 'blocked_until') ?? text(body, 'cart_blocked_until'),
    attempts: typeof attempts === 'number' ? attempts : null,
    code: text(body, 'code'),
    poBox: status === 400 && field(body, 'address_error') === true,
    existingAccount: status === 409 && field(body, 'existing_account') === true,
  };
}

/** A 2xx answer whose status is not "success" (spec 001 section 8: shown as a decline). */
export function nonSuccessFailure(body: unknown): CheckoutFailure {
  return { ...noVerdict, status: 200, message: text(body, 'message') ?? '' };
}

export function isNoFundsMessage(message: string): boolean {
  return /insufficient|pick up card/i.test(message);
}

/** Messages the server words for the buyer: shown as received, never replaced by "declined". */
function shownAsReceived(message: string): boolean {
  const lower = message.trim().toLowerCase();
  if (lower === checkoutMessages.activeOrder) return true;
  if (lower.includes('please double-check')) return true;
  const clinicTexts: readonly string[] = [
    checkoutMessages.amountMismatch,
    checkoutMessages.paymentInProgress,
    checkoutMessages.idempotencyKeyReused,
    checkoutMessages.cardTokenUsed,
    checkoutMessages.guestDetailsRequired,
    checkoutMessages.accountUnavailable,
  ];
  return clinicTexts.includes(message.trim());
}

export function multipleAttemptsMessage(serverMessage: string): string {
  return `${checkoutMessages.multipleAttempts} Error: ${serverMessage}`;
}

export function describeCheckoutFailure(
  failure: CheckoutFailure,
  counters: PaymentCounters,
): CheckoutErrorOutcome {
  // Refused before any card was tried: no attempt to count.
  const untried = { blocked: null, newCard: false, poBox: false, logIn: false, counters };
  if (failure.poBox) return { ...untried, message: checkoutMessages.poBox, poBox: true };
  if (failure.existingAccount)
    return { ...untried, message: failure.message || existingAccountMessage, logIn: true };
  const noFunds = isNoFundsMessage(failure.message);
  const next: PaymentCounters = {
    paymentAttempts: counters.paymentAttempts + 1,
    nofunds: counters.nofunds + (noFunds ? 1 : 0),
  };
  const outcome = (message: string, more: Partial<CheckoutErrorOutcome> = {}) => ({
    message,
    blocked: null,
    newCard: false,
    poBox: false,
    logIn: false,
    counters: next,
    ...more,
  });
  const blocked = (kind: Blocked['kind']) => ({ blocked: { kind, until: failure.blockedUntil } });

  if (failure.blocked) return outcome(checkoutMessages.cardBlocked, blocked('card'));
  if (failure.cartBlocked) return outcome(cartBlockedText, blocked('cart'));
  if (next.nofunds > cardBlocking.maxNoFundsDeclines)
    return outcome(checkoutMessages.cardBlocked, blocked('card'));
  if (failure.cardRefused)
    return outcome(multipleAttemptsMessage(failure.message), { newCard: true });
  if (noFunds) return outcome(checkoutMessages.insufficientFunds);
  if (shownAsReceived(failure.message)) return outcome(failure.message);
  // Without the server's count (no answer, a server error), the page's own count says it.
  if (failure.attempts === null && next.paymentAttempts >= cardBlocking.maxCardAttemptsPerCart)
    return outcome(multipleAttemptsMessage(failure.message));
  return outcome(checkoutMessages.declined);
}
