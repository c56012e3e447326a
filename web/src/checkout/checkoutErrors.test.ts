import { checkoutMessages } from '@clinic/contracts';
import { ApiError } from '../api/client';
import {
  checkoutFailureOf,
  describeCheckoutFailure,
  initialCounters,
  nonSuccessFailure,
  type CheckoutFailure,
  type PaymentCounters,
} from './checkoutErrors';

function failure(status: number | null, body: Record<string, unknown> = {}): CheckoutFailure {
  return checkoutFailureOf(
    status === null
      ? new TypeError((body.message as string) ?? 'Failed to fetch')
      : new ApiError(status, 'x', { status: 'error', ...body }),
  );
}

const multiple = (message: string) => `${checkoutMessages.multipleAttempts} Error: ${message}`;

describe('describeCheckoutFailure (spec 001 section 8)', () => {
  it.each<[string, CheckoutFailure, string, boolean]>([
    [
      '423 blocked card',
      failure(423, { blocked: true, message: 'Card blocked.' }),
      checkoutMessages.cardBlocked,
      true,
    ],
    [
      '423 blocked cart',
      failure(423, { cart_blocked: true, message: 'This cart is blocked.' }),
      multiple('This cart is blocked.'),
      true,
    ],
    [
      'insufficient funds',
      failure(402, { code: 'insufficient_funds', message: 'Your card has insufficient funds.' }),
      checkoutMessages.insufficientFunds,
      false,
    ],
    [
      'pick up card (any case)',
      failure(402, { code: 'pickup_card', message: 'Please PICK UP CARD at the bank.' }),
      checkoutMessages.insufficientFunds,
      false,
    ],
    [
      'the active-order message',
      failure(409, { message: checkoutMessages.activeOrder }),
      checkoutMessages.activeOrder,
      false,
    ],
    [
      'a "please double-check" message',
      failure(400, { message: 'Your ZIP looks wrong. Please double-check your address.' }),
      'Your ZIP looks wrong. Please double-check your address.',
      false,
    ],
    [
      "the clinic's amount-mismatch text",
      failure(409, { message: checkoutMessages.amountMismatch }),
      checkoutMessages.amountMismatch,
      false,
    ],
    [
      'a generic decline',
      failure(402, { code: 'generic_decline', message: 'Your card was declined.' }),
      checkoutMessages.declined,
      false,
    ],
    [
      'an expired card',
      failure(402, { code: 'expired_card', message: 'Your card has expired.' }),
      checkoutMessages.declined,
      false,
    ],
    ['a server error without a message', failure(500), checkoutMessages.declined, false],
    ['a network failure', failure(null), checkoutMessages.declined, false],
    [
      'a non-success status',
      nonSuccessFailure({ status: 'error', message: 'Nope' }),
      checkoutMessages.declined,
      false,
    ],
  ])('first attempt, %s', (_name, input, message, payDisabled) => {
    const outcome = describeCheckoutFailure(input, initialCounters);
    expect(outcome.message).toBe(message);
    expect(outcome.payDisabled).toBe(payDisabled);
    expect(outcome.counters.paymentAttempts).toBe(1);
  });

  it('counts attempts: the 3rd failure names the server message and disables paying', () => {
    let counters: PaymentCounters = initialCounters;
    const declined = failure(402, { code: 'generic_decline', message: 'Your card was declined.' });
    for (const expected of [checkoutMessages.declined, checkoutMessages.declined]) {
      const outcome = describeCheckoutFailure(declined, counters);
      expect(outcome).toMatchObject({ message: expected, payDisabled: false });
      counters = outcome.counters;
    }
    const third = describeCheckoutFailure(declined, counters);
    expect(third.message).toBe(multiple('Your card was declined.'));
    expect(third.payDisabled).toBe(true);
    expect(third.counters).toEqual({ paymentAttempts: 3, nofunds: 0 });
  });

  it('keeps paying disabled from the 3rd attempt whatever the message', () => {
    const outcome = describeCheckoutFailure(
      failure(402, { message: 'Your card has insufficient funds.' }),
      { paymentAttempts: 2, nofunds: 0 },
    );
    expect(outcome).toMatchObject({
      message: checkoutMessages.insufficientFunds,
      payDisabled: true,
      counters: { paymentAttempts: 3, nofunds: 1 },
    });
  });

  it('shows the card as blocked when insufficient-funds declines exceed 3', () => {
    const noFunds = failure(402, { message: 'Your card has insufficient funds.' });
    expect(describeCheckoutFailure(noFunds, { paymentAttempts: 0, nofunds: 2 }).message).toBe(
      checkoutMessages.insufficientFunds,
    );
    const outcome = describeCheckoutFailure(noFunds, { paymentAttempts: 0, nofunds: 3 });
    expect(outcome).toMatchObject({ message: checkoutMessages.cardBlocked, payDisabled: true });
  });
});

describe('checkoutFailureOf', () => {
  it('reads the status, message, code and block flags of an ApiError', () => {
    expect(
      checkoutFailureOf(
        new ApiError(423, 'x', { status: 'error', message: 'm', blocked: true, code: 'c' }),
      ),
    ).toEqual({ status: 423, message: 'm', blocked: true, cartBlocked: false, code: 'c' });
  });

  it('ignores block flags on other statuses and bodies that are not JSON', () => {
    expect(checkoutFailureOf(new ApiError(402, 'x', { blocked: true }))).toMatchObject({
      blocked: false,
      message: '',
    });
    expect(checkoutFailureOf(new ApiError(502, 'x', undefined))).toMatchObject({
      status: 502,
      message: '',
    });
    expect(checkoutFailureOf('weird')).toMatchObject({ status: null, message: '' });
  });
});
