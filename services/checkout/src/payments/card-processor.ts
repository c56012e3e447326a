/**
 * The card processor behind checkout, renewals and refunds (BRIEF D4). Two implementations: the
 * sandbox (default), which behaves like Stripe's test mode, and Stripe itself. Money is integer
 * cents. Every charge and refund carries an idempotency key: the same key always gets the first
 * answer, so a retried request can never charge twice.
 */

/** Why a card was refused, in Stripe's words (its `decline_code` / `code`). */
export type DeclineCode =
  | 'generic_decline'
  | 'insufficient_funds'
  | 'expired_card'
  | 'processing_error'
  | 'lost_card'
  | 'stolen_card'
  | 'incorrect_cvc'
  | 'card_declined'
  | 'pickup_card';

export interface ChargeRequest {
  amountCents: number;
  /** A single-use card token (`tok_...`) or a saved payment method (`pm_...`). */
  source: string;
  /** The customer a saved payment method belongs to. */
  customerId?: string;
  /** Keep the card on a customer for renewals (creates the customer when none is given). */
  saveCard?: boolean;
  description: string;
  idempotencyKey: string;
}

export type ChargeResult =
  | {
      status: 'succeeded';
      chargeId: string;
      amountCents: number;
      customerId: string | null;
      paymentMethodId: string | null;
      card: { brand: string; last4: string };
      /** The same for every token of one card (Stripe's `card.fingerprint`). */
      cardFingerprint: string | null;
    }
  | { status: 'declined'; code: DeclineCode; message: string; cardFingerprint: string | null };

export interface RefundResult {
  refundId: string;
  chargeId: string;
  amountCents: number;
}

export interface SaveCardRequest {
  /** A single-use card token (`tok_...`) from the browser. */
  source: string;
  /** The customer to save it on; a new customer is created when null. */
  customerId: string | null;
  idempotencyKey: string;
}

export type SaveCardResult =
  | {
      status: 'saved';
      customerId: string;
      paymentMethodId: string;
      card: { brand: string; last4: string };
      cardFingerprint: string | null;
    }
  /** The card could not be attached (Stripe checks it with the issuer on attach). */
  | { status: 'declined'; code: DeclineCode; message: string; cardFingerprint: string | null };

export interface CardProcessor {
  readonly name: 'sandbox' | 'stripe';
  charge(request: ChargeRequest): Promise<ChargeResult>;
  /**
   * The fingerprint of the card behind a token or payment method, read without charging it or
   * spending the token, so a card refused for a cart is refused before it is charged again; null
   * when the processor cannot tell (the charge then answers for the source as it would).
   */
  cardFingerprint(source: string): Promise<string | null>;
  /** Refunds a charge in full; a repeated key returns the first refund. */
  refund(chargeId: string, idempotencyKey: string): Promise<RefundResult>;
  /**
   * Saves a card on a customer without charging it (the billing tab's Update Card), so later
   * renewals charge it off-session; a repeated key returns the first answer.
   */
  saveCard(request: SaveCardRequest): Promise<SaveCardResult>;
}

/** A request the processor refused outright (bad token, reused key): not a decline. */
export class ProcessorRequestError extends Error {
  override readonly name = 'ProcessorRequestError';

  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}
