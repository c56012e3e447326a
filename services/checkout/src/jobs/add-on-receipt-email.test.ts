import request from 'supertest';
import { antiNausea, clinicTimeZone, formatUsDate, orderNumber } from '@clinic/contracts';
import { eventually, sleep } from '@clinic/kit/testing';
import {
  emailOf,
  identityStub,
  startCheckout,
  type CheckoutHarness,
} from '../testing/checkout-harness';
import { addOnReceiptSubject } from './add-on-receipt-email';

describe("the upsell add-on's receipt email", () => {
  let t: CheckoutHarness;

  beforeAll(async () => {
    t = await startCheckout({ identity: identityStub, publicUrl: 'https://clinic.example/' });
  });
  afterAll(async () => t.close());

  const receipts = async (userId: number) =>
    (await t.service.engines.mailbox.list({ to: emailOf(userId) })).filter((email) =>
      email.subject?.includes('receipt for order'),
    );

  /** A paid order (4242), its id, and a click of Add To Order. */
  async function paidOrder(userId: number) {
    const as = t.patient(userId);
    const paid = await t.pay(await t.saveCart({ as }), {}, { as });
    expect(paid.status).toBe(200);
    return { as, orderId: paid.body.prescriptionPreauths[0].orderId as number };
  }
  const addToOrder = (as: ReturnType<CheckoutHarness['patient']>) =>
    request(t.service.app)
      .post('/api/add-to-order')
      .set(t.service.as(as))
      .send({ product: antiNausea.sku });

  it('tells the patient the order, the product, the amount, the card and the charge, with the Billing tab, once', async () => {
    const { as, orderId } = await paidOrder(1601);
    expect(await receipts(1601)).toHaveLength(0);
    const added = await addToOrder(as);
    expect(added.status).toBe(200);

    await eventually(async () => expect(await receipts(1601)).toHaveLength(1));
    const [email] = await receipts(1601);
    expect(email?.subject).toBe(addOnReceiptSubject(orderId));
    expect(email?.subject).toBe(`Your GLP Clinic receipt for order ${orderNumber(orderId)}`);
    const body = email?.body ?? '';
    expect(body).toContain(`Order: ${orderNumber(orderId)}`);
    expect(body).toContain('Added: GLP Anti-Nausea');
    const today = formatUsDate(t.clock.now(), clinicTimeZone);
    expect(body).toContain(
      `Charged: $19.97 on ${today} (transaction ${added.body.transaction_id as string})`,
    );
    expect(body).toContain('the card ending in 4242');
    // The portal's Billing tab, by the product's public address without a doubled slash.
    expect(body).toContain('https://clinic.example/home?tab=billing');
    // No health words beyond the product's own name: not what it holds, nor why.
    const withoutProduct = body.split('GLP Anti-Nausea').join('');
    expect(withoutProduct).not.toMatch(
      /nausea|ondansetron|pill|mg\b|tirzepatide|semaglutide|weight|prescri|medical|doctor/i,
    );

    // Add To Order again (a reload, the back button): refused, nothing charged, no second email.
    expect((await addToOrder(as)).status).toBe(409);
    await sleep(300);
    expect(await receipts(1601)).toHaveLength(1);
  });

  it('sends one receipt for clicks at the same moment, which share one charge', async () => {
    const { as } = await paidOrder(1602);
    const answers = await Promise.all([addToOrder(as), addToOrder(as), addToOrder(as)]);
    const charged = answers.filter((a) => a.status === 200);
    expect(charged.length).toBeGreaterThanOrEqual(1);
    expect(new Set(charged.map((a) => a.body.transaction_id as string)).size).toBe(1);
    await eventually(async () => expect(await receipts(1602)).toHaveLength(1));
    await sleep(300);
    expect(await receipts(1602)).toHaveLength(1);
  });
});
