// The payment path's requests for the benchmarks: carts and card tokens prepared (untimed) on the
// sandbox processor, so that only POST /api/checkout-new itself is timed.
import { randomBytes, randomUUID } from 'node:crypto';

export const tirzepatidePlan = {
  id: 1,
  name: 'Tirzepatide',
  price: 224.99,
  retail_price: 349.97,
  quantity: 1,
  main_type: 'Prescription',
  category: 'primary',
  sku: 'tirz_plan_1',
  stripe_id: 'tirz_plan_1',
  sema_offer: 'default',
  tir_offer: 'default',
  currentGLPMed: 'No',
  currentDose: '',
};
const testCard = { number: '4242424242424242', exp_month: 12, exp_year: 2031, cvc: '123' };
const shippingAddress = { addressLine1: '500 Main St', city: 'Dallas', state: 'TX', zip: '75201' };

/** POSTs `body` as JSON (with `token` as the bearer, if any); anything but 200 throws. */
export async function postJson(baseUrl, path, body, token) {
  const headers = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers,
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(30000),
  });
  const text = await res.text();
  if (res.status !== 200)
    throw new Error(`POST ${path} answered ${res.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text);
}

/** `task(i)` for i in [0, count), at most `concurrency` at a time; the results in order. */
export async function inParallel(count, concurrency, task) {
  const out = new Array(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, count) }, async () => {
      while (next < count) {
        const i = next++;
        out[i] = await task(i);
      }
    }),
  );
  return out;
}

/** The buyer a guest's checkout names (its order's account is made from it): one email each. */
function guestBuyer() {
  return {
    first_name: 'Bench',
    last_name: 'Guest',
    email: `bench.${randomUUID()}@example.com`,
    phone: '5125550123',
  };
}

/** A prepared POST for runPrepared: a JSON body and its own Idempotency-Key. */
export function jsonRequest(body, extraHeaders = {}) {
  const payload = Buffer.from(JSON.stringify(body));
  return {
    payload,
    headers: {
      'content-type': 'application/json',
      'content-length': String(payload.length),
      'idempotency-key': randomUUID(),
      ...extraHeaders,
    },
  };
}

const payment = (cartId, cardToken, guest) => ({
  payment_terms: 6,
  id: cartId,
  cardToken,
  amount: 134982,
  medication: 'Tirzepatide',
  paymentMethod: 'card',
  shippingAddress,
  ...(guest ? { guest } : {}),
});

/** A card token from the sandbox processor. */
export async function cardToken(baseUrl) {
  return (await postJson(baseUrl, '/sandbox/v1/tokens', { card: testCard })).id;
}

/**
 * Checkout-new requests, each for its own fresh cart (saved without a session, so a guest's: the
 * payment also makes the buyer's account) and card token.
 */
export async function prepareCheckouts(baseUrl, count, concurrency) {
  return inParallel(count, concurrency, async () => {
    const [cart, token] = await Promise.all([
      postJson(baseUrl, '/forms/save-cart', tirzepatidePlan),
      cardToken(baseUrl),
    ]);
    return jsonRequest(payment(cart.id, token, guestBuyer()));
  });
}

/** The same payment for a cart a logged-in patient saved (no guest buyer: the patient pays). */
export function patientCheckout(cartId, token) {
  return jsonRequest(payment(cartId, token));
}

/** The baseline gets the same kind of body (a fake cart id and token) to parse. */
export function checkoutBaselineRequests(count) {
  return Array.from({ length: count }, () =>
    jsonRequest(payment(randomUUID(), `tok_${randomBytes(12).toString('hex')}`, guestBuyer())),
  );
}
