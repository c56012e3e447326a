/**
 * Stripe's documented test card numbers and what each one does, so the sandbox answers like
 * Stripe's test mode (https://docs.stripe.com/testing). Only the outcome is ever kept, never the
 * number. Stripe asks the issuer both when a card is charged and when it is attached to a
 * customer, so a declining card is refused at either step; 4000 0000 0000 0341 is the one card
 * that attaches and is declined only when charged.
 */
import { createHmac } from 'node:crypto';
import type { DeclineCode } from '../card-processor';

/**
 * What a card does: succeeds; is refused with a decline code, on charge and on attach alike; or
 * attaches to a customer and is declined when charged (0341).
 */
export type CardOutcome = 'succeeds' | 'declines_after_attaching' | DeclineCode;

const outcomes: Record<string, CardOutcome> = {
  '4242424242424242': 'succeeds',
  '4000056655665556': 'succeeds',
  '5555555555554444': 'succeeds',
  '2223003122003222': 'succeeds',
  '5200828282828210': 'succeeds',
  '378282246310005': 'succeeds',
  '371449635398431': 'succeeds',
  '6011111111111117': 'succeeds',
  '4000000000000002': 'generic_decline',
  '4000000000009995': 'insufficient_funds',
  '4000000000009987': 'lost_card',
  '4000000000009979': 'stolen_card',
  '4000000000000069': 'expired_card',
  '4000000000000127': 'incorrect_cvc',
  '4000000000000119': 'processing_error',
  '4000000000000341': 'declines_after_attaching',
};

/** Stripe's customer-facing texts for each refusal. */
export const declineMessages: Record<DeclineCode, string> = {
  generic_decline: 'Your card was declined.',
  card_declined: 'Your card was declined.',
  pickup_card: 'Your card was declined. Please pick up card.',
  insufficient_funds: 'Your card has insufficient funds.',
  lost_card: 'Your card was declined.',
  stolen_card: 'Your card was declined.',
  expired_card: 'Your card has expired.',
  incorrect_cvc: "Your card's security code is incorrect.",
  processing_error: 'An error occurred while processing your card. Try again in a little bit.',
};

export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return digits.length >= 13 && sum % 10 === 0;
}

export function brandOf(digits: string): string {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^6(011|5)/.test(digits)) return 'discover';
  return 'unknown';
}

/**
 * What charging or saving this card will do. A valid number that is not a test card is declined, as
 * Stripe's test mode declines real cards.
 */
export function outcomeOf(digits: string): CardOutcome {
  return outcomes[digits] ?? 'card_declined';
}

/** Why charging a card with this outcome is declined, or null when it goes through. */
export function chargeDeclineOf(outcome: CardOutcome): DeclineCode | null {
  if (outcome === 'succeeds') return null;
  // Stripe's decline for 0341 is a generic_decline with 'Your card was declined.'.
  if (outcome === 'declines_after_attaching') return 'generic_decline';
  return outcome;
}

/** Why attaching a card with this outcome to a customer is declined, or null when it is kept. */
export function attachDeclineOf(outcome: CardOutcome): DeclineCode | null {
  return outcome === 'declines_after_attaching' ? null : chargeDeclineOf(outcome);
}

/**
 * The card's fingerprint, like Stripe's `card.fingerprint`: a keyed hash of the number, the same
 * for every token of one card. The sandbox only ever charges test numbers, so its key is fixed.
 */
export function cardFingerprintOf(digits: string): string {
  return createHmac('sha256', 'sandbox-card-fingerprint')
    .update(digits)
    .digest('base64url')
    .slice(0, 16);
}
