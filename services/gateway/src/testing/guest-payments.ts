/**
 * Guest payments as the load and chaos runs make them: a saved cart and a sandbox card token
 * each (prepared first), then `checkout-new` under one Idempotency-Key per payment, retried with
 * that same key while the answer is a gateway error, no answer at all, or "already being
 * processed" (a crashed attempt not settled yet), as the checkout page's retry does. Each payment's final answer is kept.
 */
import { randomUUID } from 'node:crypto';
import { checkoutMessages, checkoutResponseSchema } from '@clinic/contracts';
import { tirzepatidePlan } from './patient-journey';

const RETRYABLE = new Set([502, 503, 504]);

export interface GuestPayment {
  cartId: string;
  key: string;
  body: Record<string, unknown>;
  /** The final answer (after retries): its status and, once paid, its transaction. */
  status?: number;
  transactionId?: string;
  /** The order it placed (the first prescription's). */
  orderId?: number;
  /** The session the payment opened on the guest's new account. */
  session?: string;
  attempts: number;
}

/** A POST that must succeed: retried (a new attempt, harmless here) while a gateway error or no answer. */
async function post(baseUrl: string, path: string, json: unknown): Promise<{ id: string }> {
  for (let attempt = 1; ; attempt++) {
    const res = await fetch(`${baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(json),
      signal: AbortSignal.timeout(30000),
    }).catch(() => undefined);
    if (res?.status === 200) return (await res.json()) as { id: string };
    if ((res && !RETRYABLE.has(res.status)) || attempt >= 20)
      throw new Error(`POST ${path}: ${res?.status ?? 'no answer'} ${(await res?.text()) ?? ''}`);
    await new Promise((r) => setTimeout(r, 250 * Math.min(attempt, 8)));
  }
}

export async function prepareGuestPayments(
  baseUrl: string,
  count: number,
): Promise<GuestPayment[]> {
  const out: GuestPayment[] = [];
  for (let i = 0; i < count; i += 8)
    out.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(8, count - i) }, async () => {
          const [cart, token] = await Promise.all([
            post(baseUrl, '/forms/save-cart', tirzepatidePlan),
            post(baseUrl, '/sandbox/v1/tokens', {
              card: { number: '4242424242424242', exp_month: 12, exp_year: 2031, cvc: '123' },
            }),
          ]);
          return {
            cartId: cart.id,
            key: randomUUID(),
            attempts: 0,
            body: {
              payment_terms: 6,
              id: cart.id,
              cardToken: token.id,
              amount: 134982,
              medication: 'Tirzepatide',
              paymentMethod: 'card',
              shippingAddress: {
                addressLine1: '500 Main St',
                city: 'Dallas',
                state: 'TX',
                zip: '75201',
              },
              guest: {
                first_name: 'Chaos',
                last_name: 'Guest',
                email: `chaos.${randomUUID()}@example.com`,
                phone: '5125550123',
              },
            },
          };
        }),
      )),
    );
  return out;
}

/** Pays each one with `concurrency` in flight; `onDone(n)` after each payment's final answer. */
export async function payAll(
  baseUrl: string,
  payments: GuestPayment[],
  concurrency: number,
  onDone: (done: number) => void = () => undefined,
  maxAttempts = 20,
): Promise<void> {
  let next = 0;
  let done = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < payments.length) {
        const payment = payments[next++]!;
        while (payment.attempts < maxAttempts) {
          payment.attempts += 1;
          try {
            const res = await fetch(`${baseUrl}/api/checkout-new`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', 'idempotency-key': payment.key },
              body: JSON.stringify(payment.body),
              signal: AbortSignal.timeout(30000),
            });
            const answer: unknown = await res.json().catch(() => null);
            payment.status = res.status;
            const paid = checkoutResponseSchema.safeParse(answer).data;
            payment.transactionId = paid?.transaction_id;
            payment.orderId = paid?.prescriptionPreauths[0]?.orderId;
            payment.session = paid?.userData?.token;
            const settling =
              res.status === 409 &&
              JSON.stringify(answer).includes(checkoutMessages.paymentInProgress);
            if (!RETRYABLE.has(res.status) && !settling) break;
          } catch {
            payment.status = 0; // no answer: the connection died with the instance
          }
          await new Promise((r) => setTimeout(r, 250 * Math.min(payment.attempts, 8)));
        }
        onDone(++done);
      }
    }),
  );
}
