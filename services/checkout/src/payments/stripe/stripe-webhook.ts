/**
 * POST /webhooks/stripe: Stripe's event deliveries.
 *
 * Guarantees: an event is accepted only with a valid `Stripe-Signature` over the exact bytes
 * received (signed with the endpoint's secret, within Stripe's 5-minute tolerance), anything else
 * answers 400; each event id is recorded in checkout.stripe_webhook_events in the same
 * transaction as its effects (`onEvent`), so a repeated delivery answers 200 and changes nothing,
 * and a delivery whose effects fail answers 500 and leaves no trace, for Stripe to retry.
 * charge.refunded and payment_intent.payment_failed are recorded; what they do to orders is
 * given by the caller through `onEvent`.
 */
import express, { type Request, type Router } from 'express';
import type Stripe from 'stripe';
import {
  HttpError,
  type EventWriter,
  type RawBodyRequest,
  type ServiceRuntime,
  type Tx,
} from '@clinic/kit';
import { stripeWebhookEvents } from '../../db/schema';

export interface StripeWebhookOptions {
  /** The endpoint's signing secret (`whsec_...`, from the dashboard or `stripe listen`). */
  webhookSecret: string;
  stripe: Stripe;
  /** An event's effects, run once per event id, in the transaction that records it. */
  onEvent?: (event: Stripe.Event, tx: Tx, events: EventWriter) => Promise<void>;
}

export const stripeWebhookMessages = {
  missingSignature: 'Missing Stripe-Signature header.',
  badSignature:
    'Invalid Stripe-Signature: the payload was not signed with this endpoint’s secret, or is too old.',
  notJson: 'A Stripe webhook is a JSON body (Content-Type: application/json).',
} as const;

/**
 * The exact bytes of the body: `req.rawBody` when the app's JSON parser kept them (the kit's
 * `keepRawBody`), else the Buffer of this route's own raw parser. A parser that dropped them
 * leaves nothing to verify, which is a server fault, never a reason to accept the event.
 */
function rawBodyOf(req: Request): Buffer {
  const kept = (req as Request & RawBodyRequest).rawBody;
  if (kept) return kept;
  if (Buffer.isBuffer(req.body)) return req.body;
  if (req.body !== undefined && typeof req.body === 'object' && Object.keys(req.body).length > 0)
    throw new Error(
      'POST /webhooks/stripe: the body was parsed as JSON before this route without keeping its bytes (use keepRawBody)',
    );
  throw new HttpError(400, stripeWebhookMessages.notJson);
}

export function stripeWebhookRoute(
  router: Router,
  runtime: ServiceRuntime,
  opts: StripeWebhookOptions,
): void {
  router.post(
    '/webhooks/stripe',
    // Only reads the body when no JSON parser ran before this route (a parser that ran is skipped).
    express.raw({ type: 'application/json', limit: '1mb' }),
    async (req, res) => {
      const signature = req.get('stripe-signature');
      if (!signature) throw new HttpError(400, stripeWebhookMessages.missingSignature);
      const payload = rawBodyOf(req);

      let event: Stripe.Event;
      try {
        event = opts.stripe.webhooks.constructEvent(
          payload,
          signature,
          opts.webhookSecret,
          undefined,
          undefined,
          runtime.clock.now().getTime(),
        );
      } catch (err) {
        runtime.logger.warn(
          { err: err instanceof Error ? err.message : String(err) },
          'stripe webhook: signature check failed',
        );
        throw new HttpError(400, stripeWebhookMessages.badSignature);
      }

      const first = await runtime.transaction(async (tx, events) => {
        // A concurrent delivery of the same id waits here for this one to commit, then finds it.
        const claimed = await tx
          .insert(stripeWebhookEvents)
          .values({ id: event.id, type: event.type, receivedAt: runtime.clock.now() })
          .onConflictDoNothing({ target: stripeWebhookEvents.id })
          .returning({ id: stripeWebhookEvents.id });
        if (claimed.length === 0) return false;
        await opts.onEvent?.(event, tx, events);
        return true;
      });
      runtime.logger.info(
        { eventId: event.id, type: event.type, duplicate: !first },
        'stripe webhook received',
      );
      res.json(first ? { received: true } : { received: true, duplicate: true });
    },
  );
}
