/**
 * The real card processor (BRIEF D4): Stripe's PaymentIntents through stripe-node.
 *
 * A charge is at most three Stripe calls, each with an idempotency key derived from the caller's
 * (`charge:<key>:customer`, `charge:<key>:payment_method`, `charge:<key>`), so a retried checkout
 * replays Stripe's first answers and never charges twice; refunds use `refund:<key>`.
 *   1. `saveCard: true` without a customer: create the Customer the card will be saved on;
 *   2. a single-use token (`tok_...`): turn it into a PaymentMethod;
 *   3. create and confirm a PaymentIntent in usd (amount in integer cents, no redirects);
 *      `setup_future_usage=off_session` saves the card, a saved `pm_` of a customer is charged
 *      `off_session`.
 * Saving a card without charging it (the saveCard method) is likewise at most three calls, keyed
 * `save-card:<key>:customer`, `save-card:<key>:payment_method` and `save-card:<key>:attach`:
 * create the Customer when none is given, turn the token into a PaymentMethod, attach it to the
 * Customer. Stripe checks the card with its issuer on attach, so a declining card is a decline
 * there too (except 4000 0000 0000 0341, which attaches and is declined when charged).
 * Outcomes: a succeeded PaymentIntent is a charge, an attached PaymentMethod a saved card;
 * Stripe's card errors (and a PaymentIntent left without a payment) are declines with Stripe's
 * decline code; requests Stripe refuses (unknown or spent token or customer, reused key, amount
 * too small...) throw ProcessorRequestError; network, auth and API errors are rethrown as they
 * are.
 */
import Stripe from 'stripe';
import {
  ProcessorRequestError,
  type CardProcessor,
  type ChargeRequest,
  type ChargeResult,
  type DeclineCode,
  type RefundResult,
  type SaveCardRequest,
  type SaveCardResult,
} from '../card-processor';

export interface StripeProcessorOptions {
  /** `sk_live_...` / `sk_test_...`; stripe-mock takes any `sk_test_` key. */
  secretKey: string;
  /** Where the API is, e.g. `http://127.0.0.1:12111` for stripe-mock; Stripe's own by default. */
  apiBase?: string;
}

const declineCodes: ReadonlySet<string> = new Set<DeclineCode>([
  'generic_decline',
  'insufficient_funds',
  'expired_card',
  'processing_error',
  'lost_card',
  'stolen_card',
  'incorrect_cvc',
  'card_declined',
  'pickup_card',
]);

/** Stripe's `decline_code` when we know it, else its `code` (expired_card, incorrect_cvc...). */
export function toDeclineCode(declineCode?: string | null, code?: string | null): DeclineCode {
  if (declineCode && declineCodes.has(declineCode)) return declineCode as DeclineCode;
  if (code && declineCodes.has(code)) return code as DeclineCode;
  // Issuers have dozens of reasons (do_not_honor, fraudulent...); the customer's answer is the same.
  return 'generic_decline';
}

function connection(
  apiBase: string | undefined,
): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  if (!apiBase) return {};
  const url = new URL(apiBase);
  const protocol = url.protocol.replace(/:$/, '');
  if (protocol !== 'http' && protocol !== 'https')
    throw new Error(`Stripe apiBase must be an http(s) URL, got ${apiBase}`);
  // stripe-node only takes a host, port and protocol: a path would be silently dropped.
  if (url.pathname !== '/' || url.search)
    throw new Error(`Stripe apiBase takes no path or query, got ${apiBase}`);
  return {
    protocol,
    host: url.hostname,
    port: url.port || (protocol === 'https' ? 443 : 80),
  };
}

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value === null || value === undefined ? null : typeof value === 'string' ? value : value.id;

export class StripeProcessor implements CardProcessor {
  readonly name = 'stripe';
  /** The configured client, for what else talks to Stripe (the webhook's signature check). */
  readonly client: Stripe;

  constructor(opts: StripeProcessorOptions) {
    this.client = new Stripe(opts.secretKey, {
      ...connection(opts.apiBase),
      // Safe because every call carries an idempotency key: a retry replays, never repeats.
      maxNetworkRetries: 2,
    });
  }

  async charge(request: ChargeRequest): Promise<ChargeResult> {
    const key = `charge:${request.idempotencyKey}`;
    const savedMethod = request.source.startsWith('pm_') && request.customerId !== undefined;
    let createdMethod: Stripe.PaymentMethod | null = null;
    try {
      let customerId = request.customerId ?? null;
      if (request.saveCard && !savedMethod && !customerId) {
        const customer = await this.client.customers.create(
          {},
          { idempotencyKey: `${key}:customer` },
        );
        customerId = customer.id;
      }

      let paymentMethodId = request.source;
      if (!request.source.startsWith('pm_')) {
        // Stripe's OpenAPI spec has no `card` type for payment_method_data (stripe-mock, built
        // from it, refuses `payment_method_data[type]=card`); a PaymentMethod from the token is
        // the documented way in, and it tells the card's fingerprint even if the charge fails.
        createdMethod = await this.client.paymentMethods.create(
          { type: 'card', card: { token: request.source } },
          { idempotencyKey: `${key}:payment_method` },
        );
        paymentMethodId = createdMethod.id;
      }

      const saving = Boolean(request.saveCard) && !savedMethod;
      const intent = await this.client.paymentIntents.create(
        {
          amount: request.amountCents,
          currency: 'usd',
          confirm: true,
          // A server-side confirm has nowhere to redirect to (and would otherwise want a
          // return_url); the payment method is a card anyway.
          automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
          payment_method: paymentMethodId,
          description: request.description,
          ...(customerId ? { customer: customerId } : {}),
          ...(saving ? { setup_future_usage: 'off_session' as const } : {}),
          ...(savedMethod ? { off_session: true } : {}),
          expand: ['latest_charge'],
        },
        { idempotencyKey: key },
      );
      return this.outcome(intent, createdMethod, savedMethod || saving);
    } catch (err) {
      if (err instanceof Stripe.errors.StripeCardError) return declined(err, createdMethod);
      throw requestError(err);
    }
  }

  async cardFingerprint(source: string): Promise<string | null> {
    try {
      if (source.startsWith('tok_'))
        return (await this.client.tokens.retrieve(source)).card?.fingerprint ?? null;
      if (source.startsWith('pm_'))
        return (await this.client.paymentMethods.retrieve(source)).card?.fingerprint ?? null;
      return null;
    } catch {
      // Only a guard before the charge: the charge itself refuses an unknown source, and reports
      // a Stripe that cannot be reached.
      return null;
    }
  }

  async saveCard(request: SaveCardRequest): Promise<SaveCardResult> {
    const key = `save-card:${request.idempotencyKey}`;
    let createdMethod: Stripe.PaymentMethod | null = null;
    try {
      const customerId =
        request.customerId ??
        (await this.client.customers.create({}, { idempotencyKey: `${key}:customer` })).id;
      createdMethod = await this.client.paymentMethods.create(
        { type: 'card', card: { token: request.source } },
        { idempotencyKey: `${key}:payment_method` },
      );
      const attached = await this.client.paymentMethods.attach(
        createdMethod.id,
        { customer: customerId },
        { idempotencyKey: `${key}:attach` },
      );
      const card = attached.card ?? createdMethod.card ?? null;
      return {
        status: 'saved',
        customerId,
        paymentMethodId: attached.id,
        // The card is saved: a missing detail must not turn that into an error.
        card: { brand: card?.brand ?? 'unknown', last4: card?.last4 ?? '' },
        cardFingerprint: card?.fingerprint ?? null,
      };
    } catch (err) {
      if (err instanceof Stripe.errors.StripeCardError) return declined(err, createdMethod);
      throw requestError(err);
    }
  }

  private outcome(
    intent: Stripe.PaymentIntent,
    createdMethod: Stripe.PaymentMethod | null,
    saved: boolean,
  ): ChargeResult {
    const charge =
      intent.latest_charge && typeof intent.latest_charge !== 'string'
        ? intent.latest_charge
        : null;
    const chargeCard = charge?.payment_method_details?.card ?? null;
    const cardFingerprint = chargeCard?.fingerprint ?? createdMethod?.card?.fingerprint ?? null;

    if (intent.status === 'succeeded') {
      const card = chargeCard ?? createdMethod?.card ?? null;
      return {
        status: 'succeeded',
        chargeId: charge?.id ?? idOf(intent.latest_charge) ?? intent.id,
        amountCents: intent.amount,
        customerId: idOf(intent.customer),
        paymentMethodId: saved ? idOf(intent.payment_method) : null,
        // The money has moved: a missing detail must not turn a charge into an error.
        card: { brand: card?.brand ?? 'unknown', last4: card?.last4 ?? '' },
        cardFingerprint,
      };
    }
    if (
      intent.status === 'requires_payment_method' ||
      intent.status === 'requires_action' ||
      intent.status === 'canceled'
    ) {
      // Nothing was charged. requires_action is 3-D Secure, which a server-side confirm cannot
      // complete; the card is refused like a decline.
      const failure = intent.last_payment_error;
      return {
        status: 'declined',
        code: toDeclineCode(failure?.decline_code, failure?.code),
        message:
          failure?.message ??
          (intent.status === 'requires_action'
            ? 'Your card needs an authentication step that this checkout cannot complete. Please use another card.'
            : 'Your card was declined.'),
        cardFingerprint,
      };
    }
    // processing / requires_capture / requires_confirmation: not an outcome yet; the webhook
    // (payment_intent.succeeded or payment_failed) will say, so neither answer is safe here.
    throw new Error(
      `Stripe left PaymentIntent ${intent.id} in status ${intent.status} after confirming it`,
    );
  }

  async refund(chargeId: string, idempotencyKey: string): Promise<RefundResult> {
    try {
      const refund = await this.client.refunds.create(
        chargeId.startsWith('pi_') ? { payment_intent: chargeId } : { charge: chargeId },
        { idempotencyKey: `refund:${idempotencyKey}` },
      );
      return { refundId: refund.id, chargeId, amountCents: refund.amount };
    } catch (err) {
      throw requestError(err);
    }
  }
}

/** A card error (on a charge or an attach) as a decline, with the card's fingerprint if known. */
function declined(
  err: Stripe.errors.StripeCardError,
  createdMethod: Stripe.PaymentMethod | null,
): Extract<ChargeResult, { status: 'declined' }> {
  return {
    status: 'declined',
    code: toDeclineCode(err.decline_code, err.code),
    message: err.message,
    cardFingerprint:
      err.payment_method?.card?.fingerprint ?? createdMethod?.card?.fingerprint ?? null,
  };
}

/**
 * Requests Stripe refused become a ProcessorRequestError with Stripe's code; anything else
 * (network, authentication, rate limit, Stripe's own failures) stays as it is.
 */
function requestError(err: unknown): unknown {
  if (
    err instanceof Stripe.errors.StripeIdempotencyError ||
    // A key still in use by a concurrent request is a 409, which stripe-node calls an API error.
    (err instanceof Stripe.errors.StripeError && err.code === 'idempotency_key_in_use')
  )
    // The sandbox's code for both: a key reused with other parameters, or while in flight.
    return new ProcessorRequestError('idempotency_key_in_use', err.message);
  if (err instanceof Stripe.errors.StripeInvalidRequestError)
    return new ProcessorRequestError(err.code ?? 'invalid_request_error', err.message);
  return err;
}
