/**
 * What the checkout page needs from a card form, whichever processor the server names
 * (GET /api/payment-config): the sandbox's own fields or Stripe Elements.
 */
import { checkoutMessages, sandboxCreateToken } from '@clinic/contracts';
import { callApi, toApiError } from '../../api/client';

/** A single-use card token (`tok_...`) or a wallet's payment method (`pm_...`). */
export interface CardResult {
  token: string;
  brand: string | null;
  last4: string | null;
}

/** A card that could not be tokenised: `message` for the page, `detail` under the field. */
export class CardEntryError extends Error {
  override readonly name = 'CardEntryError';
  constructor(
    message: string = checkoutMessages.invalidCard,
    readonly detail: string | null = null,
  ) {
    super(message);
  }
}

/** Registered by the card form so the page's Pay button can tokenise what was entered. */
export interface CardEntryHandle {
  tokenize(): Promise<CardResult>;
}

export interface CardFormProps {
  /** The card form hands over its tokeniser when ready (null when it goes away). */
  onReady(handle: CardEntryHandle | null): void;
  /** A wallet payment: the page validates the form, then pays with what `tokenize` gives. */
  onWallet(tokenize: () => Promise<CardResult>): Promise<boolean>;
  /** Checks the form before a wallet sheet opens (false: the page shows why). */
  onWalletClick(): boolean;
  /** What the wallet sheet shows as due, in cents. */
  amountCents: number;
  disabled: boolean;
  /** The processor's own text of the last card error, shown under the card fields. */
  cardError: string | null;
}

/** "MM/YY" or "MM/YYYY" to month and four-digit year; null when it does not read as one. */
export function parseExpiry(text: string): { month: number; year: number } | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(text);
  if (!match) return null;
  const month = Number(match[1]);
  const year = Number(match[2]);
  if (month < 1 || month > 12) return null;
  return { month, year: year < 100 ? 2000 + year : year };
}

/** The sandbox processor's test card that always succeeds (used by the sandbox wallet). */
export const sandboxWalletCard = { number: '4242424242424242', cvc: '123' } as const;

/** POST /sandbox/v1/tokens: card details to a token, as Stripe's tokens endpoint does. */
export async function sandboxToken(card: {
  number: string;
  month: number;
  year: number;
  cvc: string;
}): Promise<CardResult> {
  try {
    const answer = await callApi(sandboxCreateToken, {
      body: {
        card: {
          number: card.number.replace(/[\s-]/g, ''),
          exp_month: card.month,
          exp_year: card.year,
          cvc: card.cvc.trim(),
        },
      },
    });
    return { token: answer.id, brand: answer.card.brand, last4: answer.card.last4 };
  } catch (error) {
    // A 402 carries Stripe's error object; its message says what is wrong with the card.
    const stripeError = toApiError(error).detail('error');
    const detail =
      typeof stripeError === 'object' && stripeError !== null && 'message' in stripeError
        ? stripeError.message
        : undefined;
    throw new CardEntryError(
      checkoutMessages.invalidCard,
      typeof detail === 'string' && detail !== '' ? detail : null,
    );
  }
}
