/**
 * Paying patients made over HTTP as the pages would make them: the quiz's answers (a unique
 * email and phone number), the plan page's cart, a sandbox card token, checkout-new with 4242,
 * and the checkout page's save-address. Shared by the suites that start after payment.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { SESSION_KEY, seedStorage, waitForApp } from './support';

export interface Address {
  addressLine1: string;
  addressLine2?: string;
  city: string;
  state: string;
  zip: string;
}

export interface ApiPatient {
  token: string;
  user: { id: number; [field: string]: unknown };
  email: string;
  line: string;
  phone: string;
  orderId: number;
}

/** A random line number that is valid (not 0000 or 9111) and unlike the other suites' numbers. */
export function uniqueLine(): string {
  return String(randomInt(2000, 9000));
}

export const uniqueEmail = (kind: string) =>
  `patient.${kind}.${randomUUID().slice(0, 8)}@example.com`;

/** The shipping address verification holds for the patient (GET /api/ship-address). */
export async function storedAddress(request: APIRequestContext, token: string) {
  const res = await request.get('/api/ship-address', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { data: Record<string, unknown> | null }).data;
}

/**
 * A patient who took the quiz (so has an account but no password yet); their email begins with
 * `kind`.
 */
export async function quizPatient(request: APIRequestContext, kind: string): Promise<string> {
  const email = `${kind}.${randomUUID().slice(0, 8)}@example.com`;
  const res = await request.post('/api/intake-form', {
    data: {
      first_name: 'Robin',
      last_name: 'Lee',
      email,
      phone: '5125550199',
      phone_parts: { areaCode: '512', prefix: '555', line: '0199' },
      height: { foot: 5, inches: 4 },
      weight: 200,
      gender: 'Female',
      agreed_to_text: 'Yes',
      agreed_to_email: true,
      agreed_to_terms: true,
      form_step2_agree: true,
      dob: { mm: 6, dd: 1, yyyy: 1979 },
      desired_weight: 160,
      state: 'CO',
      source_web: 2,
    },
  });
  expect((await res.json()).status).toBe('success');
  return email;
}

/** The three-month semaglutide plan of the default offer. */
const product = { id: 4, name: 'Semaglutide', sku: 'sema_plan_278928', amount: 44997 } as const;

/**
 * A paying patient (a three-month semaglutide plan) who lives at `address`. Waits
 * until verification holds the address.
 */
export async function apiPatient(
  request: APIRequestContext,
  address: Address,
  opts: { gender?: 'Male' | 'Female'; kind?: string } = {},
): Promise<ApiPatient> {
  const email = uniqueEmail(opts.kind ?? 'api');
  const line = uniqueLine();
  const phone = `512555${line}`;
  const intake = await request.post('/api/intake-form', {
    data: {
      first_name: 'Jordan',
      last_name: 'Rivera',
      email,
      phone,
      phone_parts: { areaCode: '512', prefix: '555', line },
      height: { foot: 5, inches: 10 },
      weight: 240,
      gender: opts.gender ?? 'Male',
      agreed_to_text: 'Yes',
      agreed_to_email: true,
      agreed_to_terms: true,
      form_step2_agree: true,
      dob: { mm: 7, dd: 4, yyyy: 1980 },
      desired_weight: 190,
      state: address.state,
      source_web: 2,
    },
  });
  const answer = (await intake.json()) as ApiPatient & { status: string };
  expect(answer.status).toBe('success');
  const { token, user } = answer;
  const auth = { authorization: `Bearer ${token}` };

  // Checkout hears of the lead's eligibility by event: the first cart may come too early.
  let cartId = '';
  await expect(async () => {
    const cart = await request.post('/forms/save-cart', {
      headers: auth,
      data: {
        id: product.id,
        name: product.name,
        price: 134.99,
        retail_price: 249.97,
        quantity: 1,
        main_type: 'Prescription',
        category: 'primary',
        sku: product.sku,
        stripe_id: product.sku,
        sema_offer: 'default',
        tir_offer: 'default',
        currentGLPMed: 'No',
        currentDose: '',
      },
    });
    expect(cart.status()).toBe(200);
    cartId = ((await cart.json()) as { id: string }).id;
  }).toPass({ timeout: 15_000 });

  const card = await request.post('/sandbox/v1/tokens', {
    data: { card: { number: '4242424242424242', exp_month: 12, exp_year: 2031, cvc: '123' } },
  });
  expect(card.ok()).toBe(true);
  const paid = await request.post('/api/checkout-new', {
    headers: { ...auth, 'idempotency-key': randomUUID() },
    data: {
      payment_terms: 3,
      user_id: user.id,
      id: cartId,
      cardToken: ((await card.json()) as { id: string }).id,
      amount: product.amount,
      medication: product.name,
      paymentMethod: 'card',
      shippingAddress: address,
    },
  });
  expect(paid.status()).toBe(200);
  const payment = (await paid.json()) as { prescriptionPreauths: { orderId: number }[] };
  const orderId = payment.prescriptionPreauths[0]?.orderId ?? NaN;
  expect(orderId).toEqual(expect.any(Number));

  const saved = await request.post('/api/save-address', {
    headers: auth,
    data: { ...address, id: user.id },
  });
  expect(saved.ok()).toBe(true);
  // Verification keeps the checkout's address from its event.
  await expect
    .poll(async () => (await storedAddress(request, token))?.zip, { timeout: 15_000 })
    .toBe(address.zip);
  return { token, user, email, line, phone, orderId };
}

/** The patient's session kept in the browser as logging in keeps it: the pages open as theirs. */
export const keepSession = (page: Page, patient: ApiPatient) =>
  seedStorage(page, SESSION_KEY, JSON.stringify({ token: patient.token, user: patient.user }));

/** The patient's portal, opened as theirs on one tab. */
export async function openPortal(page: Page, patient: ApiPatient, tab: string): Promise<void> {
  await keepSession(page, patient);
  await page.goto(`/home?tab=${tab}`);
  await waitForApp(page);
}
