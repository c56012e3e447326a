/**
 * The money path over HTTP, as the checkout page drives it, against a running product
 * (single-node in the unit suite, the cluster in the infra suite): the cart link gives a session
 * scoped to its cart (the upsell works with it, the portal does not), the card is tokenised by
 * the sandbox, checkout-new charges once per Idempotency-Key, the upsell adds to the order once,
 * and a declined card is answered 402.
 */
import { randomUUID } from 'node:crypto';
import { eventually } from '@clinic/kit/testing';
import { call, quizAnswers } from './patient-journey';

async function tokenFor(baseUrl: string, number: string): Promise<string> {
  const res = await call(baseUrl, 'POST', '/sandbox/v1/tokens', {
    json: { card: { number, exp_month: 12, exp_year: 2031, cvc: '123' } },
  });
  expect(res.status).toBe(200);
  return res.body.id as string;
}

async function pay(
  baseUrl: string,
  body: Record<string, unknown>,
  key: string,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${baseUrl}/api/checkout-new`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': key },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** Returns the paying patient's full session (the quiz's), for the billing journey that follows. */
export async function runCheckoutJourney(baseUrl: string): Promise<{ session: string }> {
  const email = `checkout.${randomUUID().slice(0, 8)}@example.com`;
  const intake = await call(baseUrl, 'POST', '/api/intake-form', { json: quizAnswers(email) });
  expect(intake.body.status).toBe('success');
  const quizSession = intake.body.token as string;
  const plan = {
    id: 4,
    name: 'Semaglutide',
    price: 134.99,
    retail_price: 249.97,
    quantity: 1,
    main_type: 'Prescription',
    category: 'primary',
    sku: 'sema_plan_278928',
    stripe_id: 'sema_plan_278928',
    currentGLPMed: 'No',
  };
  let cartId = '';
  // Checkout learns the lead's eligibility from intake's event, which may still be on its way.
  await eventually(async () => {
    const saved = await call(baseUrl, 'POST', '/forms/save-cart', {
      token: quizSession,
      json: plan,
    });
    expect(saved.status).toBe(200);
    cartId = saved.body.id as string;
  });

  // The checkout link opened in another browser gives a session for this cart only, and shows
  // nothing of the patient but the first name.
  const cart = await call(baseUrl, 'GET', `/api/get-cart/${cartId}`);
  expect(cart.status).toBe(200);
  const userData = cart.body.userData as Record<string, unknown>;
  expect(userData).toMatchObject({ first_name: 'Jordan', session_scope: 'cart' });
  expect(userData.email).toBeUndefined();
  const session = userData.token as string;
  const portal = await call(baseUrl, 'GET', '/api/subscription-items', { token: session });
  expect(portal.status).toBe(403);

  const payment = {
    payment_terms: 3,
    id: cartId,
    cardToken: await tokenFor(baseUrl, '4242 4242 4242 4242'),
    amount: 44997,
    medication: 'Semaglutide',
    paymentMethod: 'card',
    shippingAddress: {
      addressLine1: '500 Main St',
      city: 'Dallas',
      state: 'TX',
      zip: '75201-1234',
    },
  };
  const key = randomUUID();
  const [first, repeat] = await Promise.all([
    pay(baseUrl, payment, key),
    pay(baseUrl, payment, key),
  ]);
  expect(first.status).toBe(200);
  expect(repeat).toEqual(first);
  expect(first.body).toMatchObject({ status: 'success', amount: 44997, payment_terms: 3 });

  const addOn = await call(baseUrl, 'POST', '/api/add-to-order', {
    token: session,
    json: { product: 'glp_anti_nausea' },
  });
  expect(addOn.status).toBe(200);
  const bundle = await call(baseUrl, 'POST', '/api/bundle-selected', {
    token: session,
    json: { selectedMed: 'Nausea', terms: 1 },
  });
  expect(bundle.status).toBe(200);

  // The paid link no longer opens the cart, and a declined card on a new cart is answered 402.
  expect((await call(baseUrl, 'GET', `/api/get-cart/${cartId}`)).status).toBe(410);
  const second = await call(baseUrl, 'POST', '/forms/save-cart', { token: session, json: plan });
  const declined = await pay(
    baseUrl,
    {
      ...payment,
      id: second.body.id,
      cardToken: await tokenFor(baseUrl, '4000000000000002'),
    },
    randomUUID(),
  );
  expect(declined.status).toBe(402);
  expect(declined.body).toMatchObject({ code: 'generic_decline', attempts: 1 });
  return { session: quizSession };
}
