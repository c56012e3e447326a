/**
 * POST /sandbox/v1/tokens: card details to a single-use token, as Stripe's tokens endpoint does
 * in test mode. Card errors answer 402 with Stripe's `error` object (type card_error, code,
 * message, param) beside the clinic's `message`. The number is checked and dropped here: only
 * brand, last four, expiry, the test outcome and the card's fingerprint are kept.
 */
import type { Router } from 'express';
import { sandboxCreateToken } from '@clinic/contracts';
import { HttpError, bindRoute, type ServiceRuntime } from '@clinic/kit';
import { sandboxTokens } from '../../db/schema';
import { sandboxId } from './sandbox-processor';
import { brandOf, cardFingerprintOf, outcomeOf, passesLuhn } from './test-cards';

function cardError(code: string, message: string, param: string): HttpError {
  return new HttpError(402, message, { error: { type: 'card_error', code, message, param } });
}

export function sandboxTokensRoute(router: Router, runtime: ServiceRuntime): void {
  bindRoute(router, sandboxCreateToken, async ({ body }) => {
    const number = body.card.number.replace(/[\s-]/g, '');
    if (!/^\d{13,19}$/.test(number) || !passesLuhn(number))
      throw cardError('incorrect_number', 'Your card number is incorrect.', 'number');
    const month = body.card.exp_month;
    if (month < 1 || month > 12)
      throw cardError(
        'invalid_expiry_month',
        "Your card's expiration month is invalid.",
        'exp_month',
      );
    const year = body.card.exp_year < 100 ? 2000 + body.card.exp_year : body.card.exp_year;
    const now = runtime.clock.now();
    if (year < now.getUTCFullYear() || year > now.getUTCFullYear() + 50)
      throw cardError('invalid_expiry_year', "Your card's expiration year is invalid.", 'exp_year');
    if (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1)
      throw cardError(
        'invalid_expiry_month',
        "Your card's expiration month is invalid.",
        'exp_month',
      );
    const brand = brandOf(number);
    if (!new RegExp(brand === 'amex' ? '^\\d{4}$' : '^\\d{3}$').test(body.card.cvc))
      throw cardError('invalid_cvc', "Your card's security code is invalid.", 'cvc');

    const id = sandboxId('tok');
    const last4 = number.slice(-4);
    await runtime.db.insert(sandboxTokens).values({
      id,
      brand,
      last4,
      expMonth: month,
      expYear: year,
      outcome: outcomeOf(number),
      fingerprint: cardFingerprintOf(number),
      createdAt: now,
    });
    return {
      id,
      object: 'token' as const,
      type: 'card' as const,
      card: {
        id: sandboxId('card'),
        object: 'card' as const,
        brand,
        last4,
        exp_month: month,
        exp_year: year,
      },
      created: Math.floor(now.getTime() / 1000),
      livemode: false as const,
      used: false,
    };
  });
}
