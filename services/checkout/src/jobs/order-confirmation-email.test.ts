import { randomUUID } from 'node:crypto';
import { orderNumber } from '@clinic/contracts';
import { eventually, sleep } from '@clinic/kit/testing';
import {
  emailOf,
  identityStub,
  startCheckout,
  type CheckoutHarness,
} from '../testing/checkout-harness';

describe('the order confirmation email', () => {
  let t: CheckoutHarness;

  beforeAll(async () => {
    t = await startCheckout({ identity: identityStub, publicUrl: 'https://clinic.example/' });
  });
  afterAll(async () => t.close());

  const confirmations = async (userId: number) =>
    (await t.service.engines.mailbox.list({ to: emailOf(userId) })).filter((email) =>
      email.subject?.includes('is confirmed'),
    );

  it('tells the patient the order, plan, amount, next steps and links, once per order', async () => {
    const as = t.patient(1501);
    const cartId = await t.saveCart({ as });
    const key = randomUUID();
    const cardToken = await t.token('4242424242424242');
    const paid = await t.pay(cartId, { cardToken }, { as, key });
    expect(paid.status).toBe(200);
    // The browser retries the same payment: still one order, so still one email.
    expect((await t.pay(cartId, { cardToken }, { as, key })).status).toBe(200);
    const orderId = paid.body.prescriptionPreauths[0].orderId as number;

    await eventually(async () => expect(await confirmations(1501)).toHaveLength(1));
    const [email] = await confirmations(1501);
    // The one order number the portal and the console show (contracts' orderNumber).
    expect(email?.subject).toBe(`Your GLP Clinic order ${orderNumber(orderId)} is confirmed`);
    expect(orderNumber(orderId)).toMatch(/^#\d{4,}$/);
    const body = email?.body ?? '';
    expect(body).toContain(`Order: ${orderNumber(orderId)}`);
    expect(body).toContain('Plan: Tirzepatide Half Yearly Plan (billed every 6 months)');
    expect(body).toContain(`Charged today: $1,349.82 (transaction ${paid.body.transaction_id})`);
    expect(body).toContain('within 24 hours');
    expect(body).toContain('full refund');
    // Links use the product's public address, without a doubled slash.
    expect(body).toContain(`https://clinic.example/medical-form/${orderId}`);
    expect(body).toContain('https://clinic.example/home');
    // Nothing medical: no weight, BMI or answers are known to checkout, none are written.
    expect(body).not.toMatch(/\b(bmi|weight|lbs)\b/i);

    await sleep(300);
    expect(await confirmations(1501)).toHaveLength(1);
  });

  it('sends no second confirmation for the upsell add-on (it has a receipt of its own)', async () => {
    const as = t.patient(1502);
    expect((await t.pay(await t.saveCart({ as }), {}, { as })).status).toBe(200);
    await eventually(async () => expect(await confirmations(1502)).toHaveLength(1));
    const { default: request } = await import('supertest');
    const addOn = await request(t.service.app)
      .post('/api/add-to-order')
      .set(t.service.as(as))
      .send({ product: 'glp_anti_nausea' });
    expect(addOn.status).toBe(200);
    await sleep(300);
    expect(await confirmations(1502)).toHaveLength(1);
  });
});
