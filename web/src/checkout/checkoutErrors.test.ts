import { checkoutMessages, existingAccountMessage } from '@clinic/contracts';
import { ApiError } from '../api/client';
import {
  cartBlockedText,
  checkoutFailureOf,
  describeCheckoutFailure,
  initialCounters,
  nonSuccessFailure,
  type Blocked,
  type CheckoutFailure,
  type PaymentCounters,
} from './checkoutErrors';

function failure(status: number | null, body: Record<string, unknown> = {}): CheckoutFailure {
  return checkoutFailureOf(
    status === null
      ? new TypeError((body.message as string) ?? 'Failed to fetch')
      : new ApiError({ status, body: { status: 'error', ...body } }),
  );
}

const multiple = (message: string) => `${checkoutMessages.multipleAttempts} Error: ${message}`;

describe('describeCheckoutFailure (spec 001 section 8)', () => {
  const until = '2026-11-23T12:00:00.000Z';
  it.each<[string, CheckoutFailure, string, Blocked | null]>([
    [
      '423 blocked card',
      failure(423, { blocked: true, blocked_until: until, message: 'Card blocked.' }),
      checkoutMessages.cardBlocked,
      { kind: 'card', until },
    ],
    [
      '423 blocked cart',
      failure(423, { cart_blocked: true, cart_blocked_until: until, message: 'Paused.' }),
      cartBlockedText,
      { kind: 'cart', until },
    ],
    [
      'the decline that blocks the cart',
      failure(402, { code: 'generic_decline', attempts: 1, cart_blocked: true, message: 'No.' }),
      cartBlockedText,
      { kind: 'cart', until: null },
    ],
    [
      'insufficient funds',
      failure(402, { code: 'insufficient_funds', message: 'Your card has insufficient funds.' }),
      checkoutMessages.insufficientFunds,
      null,
    ],
    [
      'pick up card (any case)',
      failure(402, { code: 'pickup_card', message: 'Please PICK UP CARD at the bank.' }),
      checkoutMessages.insufficientFunds,
      null,
    ],
    [
      'the active-order message',
      failure(409, { message: checkoutMessages.activeOrder }),
      checkoutMessages.activeOrder,
      null,
    ],
    [
      'a "please double-check" message',
      failure(400, { message: 'Your ZIP looks wrong. Please double-check your address.' }),
      'Your ZIP looks wrong. Please double-check your address.',
      null,
    ],
    [
      "the clinic's amount-mismatch text",
      failure(409, { message: checkoutMessages.amountMismatch }),
      checkoutMessages.amountMismatch,
      null,
    ],
    [
      'a generic decline',
      failure(402, { code: 'generic_decline', message: 'Your card was declined.' }),
      checkoutMessages.declined,
      null,
    ],
    [
      'an expired card',
      failure(402, { code: 'expired_card', message: 'Your card has expired.' }),
      checkoutMessages.declined,
      null,
    ],
    ['a server error without a message', failure(500), checkoutMessages.declined, null],
    ['a network failure', failure(null), checkoutMessages.declined, null],
    [
      'a non-success status',
      nonSuccessFailure({ status: 'error', message: 'Nope' }),
      checkoutMessages.declined,
      null,
    ],
  ])('first attempt, %s', (_name, input, message, blocked) => {
    const outcome = describeCheckoutFailure(input, initialCounters);
    expect(outcome.message).toBe(message);
    expect(outcome.blocked).toEqual(blocked);
    expect(outcome.newCard).toBe(false);
    expect(outcome.counters.paymentAttempts).toBe(1);
  });

  it('names the server message when the card failed 3 times on the cart, and asks for a new card', () => {
    let counters: PaymentCounters = initialCounters;
    for (const attempts of [1, 2]) {
      const outcome = describeCheckoutFailure(
        failure(402, { code: 'generic_decline', attempts, message: 'Your card was declined.' }),
        counters,
      );
      expect(outcome).toMatchObject({ message: checkoutMessages.declined, newCard: false });
      counters = outcome.counters;
    }
    const third = describeCheckoutFailure(
      failure(402, {
        code: 'generic_decline',
        attempts: 3,
        card_refused: true,
        message: 'Your card was declined.',
      }),
      counters,
    );
    expect(third).toEqual({
      message: multiple('Your card was declined.'),
      blocked: null,
      newCard: true,
      poBox: false,
      logIn: false,
      counters: { paymentAttempts: 3, nofunds: 0 },
    });
    // The refused card again: the same words, still not blocked.
    const again = describeCheckoutFailure(
      failure(423, { card_refused: true, message: 'This card was declined 3 times.' }),
      third.counters,
    );
    expect(again).toMatchObject({
      message: multiple('This card was declined 3 times.'),
      blocked: null,
      newCard: true,
    });
  });

  it("trusts the server's count over the page's: another card's first decline is a decline", () => {
    const outcome = describeCheckoutFailure(
      failure(402, { code: 'generic_decline', attempts: 1, message: 'Your card was declined.' }),
      { paymentAttempts: 3, nofunds: 0 },
    );
    expect(outcome).toMatchObject({ message: checkoutMessages.declined, blocked: null });
  });

  it('counts on the page when the server gave no count: the 3rd failure names its message', () => {
    const outcome = describeCheckoutFailure(failure(null, { message: 'Failed to fetch' }), {
      paymentAttempts: 2,
      nofunds: 0,
    });
    expect(outcome).toMatchObject({
      message: multiple('Failed to fetch'),
      blocked: null,
      newCard: false,
    });
  });

  it('shows the card as blocked when insufficient-funds declines exceed 3', () => {
    const noFunds = failure(402, { message: 'Your card has insufficient funds.' });
    expect(describeCheckoutFailure(noFunds, { paymentAttempts: 0, nofunds: 2 }).message).toBe(
      checkoutMessages.insufficientFunds,
    );
    const outcome = describeCheckoutFailure(noFunds, { paymentAttempts: 0, nofunds: 3 });
    expect(outcome).toMatchObject({
      message: checkoutMessages.cardBlocked,
      blocked: { kind: 'card', until: null },
    });
  });
});

describe('refusals before any card was tried', () => {
  const counters = { paymentAttempts: 2, nofunds: 1 };

  it('opens the Invalid Address popup for a P.O. box the server read, counting nothing', () => {
    const outcome = describeCheckoutFailure(
      checkoutFailureOf(
        new ApiError({
          status: 400,
          body: { status: 'error', message: checkoutMessages.poBox, address_error: true },
        }),
      ),
      counters,
    );
    expect(outcome).toMatchObject({ poBox: true, logIn: false, blocked: null, counters });
  });

  it("offers to log in when a guest's email has an account, counting nothing", () => {
    const outcome = describeCheckoutFailure(
      checkoutFailureOf(
        new ApiError({
          status: 409,
          body: { status: 'error', message: existingAccountMessage, existing_account: true },
        }),
      ),
      counters,
    );
    expect(outcome).toMatchObject({
      message: existingAccountMessage,
      logIn: true,
      poBox: false,
      counters,
    });
  });

  it("shows the guest's missing details as the server words them, not a decline", () => {
    const outcome = describeCheckoutFailure(
      checkoutFailureOf(
        new ApiError({
          status: 400,
          body: { message: checkoutMessages.guestDetailsRequired, guest_required: true },
        }),
      ),
      counters,
    );
    expect(outcome.message).toBe(checkoutMessages.guestDetailsRequired);
  });
});

describe('checkoutFailureOf', () => {
  it('reads the status, message, code and block flags of an ApiError', () => {
    expect(
      checkoutFailureOf(
        new ApiError({
          status: 423,
          body: { status: 'error', message: 'm', blocked: true, code: 'c' },
        }),
      ),
    ).toEqual({
      status: 423,
      message: 'm',
      blocked: true,
      cartBlocked: false,
      cardRefused: false,
      blockedUntil: null,
      attempts: null,
      code: 'c',
      poBox: false,
      existingAccount: false,
    });
    expect(
      checkoutFailureOf(
        new ApiError({
          status: 402,
          body: { message: 'm', attempts: 3, card_refused: true, code: 'c' },
        }),
      ),
    ).toMatchObject({ status: 402, blocked: false, cardRefused: true, attempts: 3 });
  });

  it('ignores block flags on other statuses and bodies that are not JSON', () => {
    expect(checkoutFailureOf(new ApiError({ status: 402, body: { blocked: true } }))).toMatchObject(
      {
        blocked: false,
        message: '',
      },
    );
    expect(checkoutFailureOf(new ApiError({ status: 502 }))).toMatchObject({
      status: 502,
      message: '',
    });
    expect(checkoutFailureOf('weird')).toMatchObject({ status: null, message: '' });
  });
});
