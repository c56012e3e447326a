/**
 * What the checkout page shows when paying fails (spec 001 sections 4 and 8), as a pure function
 * of the failure and the page's card counters (paymentAttempts, nofunds):
 *
 * | failure | shown |
 * |---|---|
 * | 423 with `blocked` | cardBlocked; paying disabled |
 * | 423 with `cart_blocked` | multipleAttempts + " Error: {server message}"; paying disabled |
 * | more than 3 insufficient-funds declines on this page | cardBlocked; paying disabled |
 * | message containing "insufficient" or "pick up card" | insufficientFunds |
 * | message exactly activeOrder, or containing "please double-check" | the message as received |
 * | one of the clinic's own checkout texts (amount mismatch, payment in progress, reused key or token) | the message as received |
 * | the 3rd failed attempt | multipleAttempts + " Error: {server message}"; paying disabled |
 * | anything else (declines, unknown errors, a non-success status) | declined |
 *
 * From the 3rd failed attempt on, paying stays disabled whatever the message (the server blocks
 * the cart then).
 */
import { cardBlocking, checkoutMessages } from '@clinic/contracts';
import { ApiError } from '../api/client';

export interface CheckoutFailure {
  /** The HTTP status, or null when the call never got an answer. */
  status: number | null;
  /** The server's message ('' when there is none). */
  message: string;
  /** 423 `blocked`: the card is blocked for 24 hours. */
  blocked: boolean;
  /** 423 `cart_blocked`: the cart refuses payments after 3 failed attempts. */
  cartBlocked: boolean;
  /** The processor's decline code, when the server gave one. */
  code: string | null;
}

export interface PaymentCounters {
  /** Failed checkout calls on this page. */
  paymentAttempts: number;
  /** Insufficient-funds or pick-up-card declines on this page. */
  nofunds: number;
}

export const initialCounters: PaymentCounters = { paymentAttempts: 0, nofunds: 0 };

export interface CheckoutErrorOutcome {
  message: string;
  /** The Pay button stays disabled from now on. */
  payDisabled: boolean;
  counters: PaymentCounters;
}

function field(body: unknown, name: string): unknown {
  return typeof body === 'object' && body !== null
    ? (body as Record<string, unknown>)[name]
    : undefined;
}

/** The failure a checkout call ended with: an ApiError, a non-success answer, or an exception. */
export function checkoutFailureOf(error: unknown): CheckoutFailure {
  if (error instanceof ApiError) {
    const message = field(error.body, 'message');
    const code = field(error.body, 'code');
    return {
      status: error.status,
      message: typeof message === 'string' ? message : '',
      blocked: error.status === 423 && field(error.body, 'blocked') === true,
      cartBlocked: error.status === 423 && field(error.body, 'cart_blocked') === true,
      code: typeof code === 'string' ? code : null,
    };
  }
  return {
    status: null,
    message: error instanceof Error ? error.message : '',
    blocked: false,
    cartBlocked: false,
    code: null,
  };
}

/** A 2xx answer whose status is not "success" (spec 001 section 8: shown as a decline). */
export function nonSuccessFailure(body: unknown): CheckoutFailure {
  const message = field(body, 'message');
  return {
    status: 200,
    message: typeof message === 'string' ? message : '',
    blocked: false,
    cartBlocked: false,
    code: null,
  };
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
  const noFunds = isNoFundsMessage(failure.message);
  const next: PaymentCounters = {
    paymentAttempts: counters.paymentAttempts + 1,
    nofunds: counters.nofunds + (noFunds ? 1 : 0),
  };
  const attemptsUsed = next.paymentAttempts >= cardBlocking.maxCartAttempts;
  const outcome = (message: string, payDisabled = attemptsUsed): CheckoutErrorOutcome => ({
    message,
    payDisabled,
    counters: next,
  });

  if (failure.blocked) return outcome(checkoutMessages.cardBlocked, true);
  if (failure.cartBlocked) return outcome(multipleAttemptsMessage(failure.message), true);
  if (next.nofunds > cardBlocking.maxNoFundsDeclines) {
    return outcome(checkoutMessages.cardBlocked, true);
  }
  if (noFunds) return outcome(checkoutMessages.insufficientFunds);
  if (shownAsReceived(failure.message)) return outcome(failure.message);
  if (attemptsUsed) return outcome(multipleAttemptsMessage(failure.message), true);
  return outcome(checkoutMessages.declined);
}
