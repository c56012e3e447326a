import request from 'supertest';
import { assessmentDenied, orderNumber, type Principal } from '@clinic/contracts';
import type { IdentityDirectory } from '@clinic/identity-client';
import { baseConfigSchema, loadConfig } from '@clinic/kit';
import { eventually } from '@clinic/kit/testing';
import { eq } from 'drizzle-orm';
import { checkoutConfigFields, checkoutDepsFromConfig } from '../config';
import { transactions } from '../db/schema';
import { invoiceNumberOf } from '../domain/billing/invoice-pdf';
import { fakeIdentity, startCheckout, type CheckoutHarness } from '../testing/checkout-harness';
import { binary, pdfText } from '../testing/pdf';

const DAY_MS = 24 * 60 * 60 * 1000;
const JORDAN = 801;
const STRANGER = 802;
const DENIED = 804;

/** Set while identity is down: asking it for a patient's contact fails. */
let identityDown = false;

/** Every patient is the fake's Sam Rivera, but for Jordan. */
function identityWithJordan(): IdentityDirectory {
  const base = fakeIdentity();
  return {
    ...base,
    async patientContact(userId) {
      if (identityDown) throw new Error('identity did not answer');
      const contact = await base.patientContact(userId);
      return userId === JORDAN && contact
        ? { ...contact, first_name: 'Jordan', last_name: 'Avery-Lee' }
        : contact;
    },
  };
}

describe('GET /api/hsa-receipt/:transaction_id', () => {
  let t: CheckoutHarness;
  let jordan: Principal;
  let planCharge: string;
  let addOnCharge: string;
  let orderId: number;

  const download = (id: string, as: Principal | null = jordan) =>
    request(t.service.app)
      .get(`/api/hsa-receipt/${id}`)
      .set(as ? t.service.as(as) : {})
      .buffer(true)
      .parse(binary);

  async function buy(as: Principal): Promise<{ charge: string; orderId: number }> {
    const paid = await t.pay(await t.saveCart({ as }), {}, { as });
    expect(paid.status).toBe(200);
    return {
      charge: paid.body.transaction_id as string,
      orderId: paid.body.prescriptionPreauths[0].orderId as number,
    };
  }

  beforeAll(async () => {
    // The clinic as an operator configures it, through the variables checkout starts with.
    const config = loadConfig(baseConfigSchema.extend(checkoutConfigFields), {
      CLINIC_LEGAL_NAME: 'Lakeside Telehealth Medical Group, P.C.',
      CLINIC_ADDRESS: '400 N Lake Shore Dr | Floor 2 | Chicago, IL 60611',
      CLINIC_EIN: '36-4567890',
    });
    t = await startCheckout({
      identity: identityWithJordan(),
      clinic: checkoutDepsFromConfig(config).clinic,
    });
    jordan = t.patient(JORDAN);
    ({ charge: planCharge, orderId } = await buy(jordan));
    const addOn = await request(t.service.app)
      .post('/api/add-to-order')
      .set(t.service.as(jordan))
      .send({ product: 'glp_anti_nausea' });
    expect(addOn.status).toBe(200);
    addOnCharge = addOn.body.transaction_id;
  });
  afterAll(async () => t.close());

  it("gives the patient an itemised receipt of their plan's payment, from the configured clinic", async () => {
    const res = await download(planCharge);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="hsa-fsa-receipt-${planCharge}.pdf"`,
    );
    expect(res.headers['cache-control']).toBe('private, no-store');
    const text = await pdfText(res.body as Buffer);

    expect(text).toContain('HSA/FSA RECEIPT');
    expect(text).toContain('Lakeside Telehealth Medical Group, P.C.');
    expect(text).toMatch(
      /400 N Lake Shore Dr\s+Floor 2\s+Chicago, IL 60611\s+Tax ID \(EIN\): 36-4567890/,
    );
    expect(text).toMatch(/Patient\s+Jordan Avery-Lee/);
    // The day of the payment, in the clinic's zone, as the invoice writes it.
    expect(text).toMatch(/Date of service\s+Nov 22, 2026/);
    expect(text).toMatch(new RegExp(`Invoice number\\s+${invoiceNumberOf(planCharge)}`));
    expect(text).toMatch(new RegExp(`Order\\s+${orderNumber(orderId)}`));
    expect(text).toMatch(/Paid by\s+Visa ending in 4242/);
    // The medication as bought (the 6-month Tirzepatide plan), and the clinician's care it includes.
    expect(text).toMatch(/Compounded tirzepatide, 6-month supply\s+\$1,349\.82/);
    expect(text).toMatch(/Clinician consultation \(telehealth\)\s+Included/);
    expect(text).toMatch(/Amount paid\s+\$1,349\.82/);
    expect(text).not.toContain('Refunded');
    const words = text.replace(/\s+/g, ' ');
    expect(words).toContain('a prescribed medication for the treatment of obesity');
    expect(words).toContain('may ask for a letter of medical necessity');
    expect(text).not.toContain('GLP Clinic Health');
  });

  it('itemises an add-on as the medication it is, without a consultation line', async () => {
    const text = await pdfText((await download(addOnCharge)).body as Buffer);
    expect(text).toMatch(/GLP Anti-Nausea, 30 pills of 4mg generic ondansetron\s+\$19\.97/);
    expect(text).not.toContain('Clinician consultation');
    expect(text).toMatch(/Amount paid\s+\$19\.97/);
    expect(text).not.toContain('Compounded');
  });

  it('shows the refund of a denied order: paid, refunded on its day, nothing left to claim', async () => {
    const patient = t.patient(DENIED);
    const bought = await buy(patient);
    t.clock.advance(DAY_MS);
    await t.service.runtime.transaction((_tx, events) =>
      events.publish(assessmentDenied, {
        orderId: bought.orderId,
        userId: DENIED,
        reason: 'Contraindicated medication',
        deniedAt: t.clock.now().toISOString(),
      }),
    );
    await eventually(async () => {
      const [row] = await t.db
        .select({ status: transactions.status })
        .from(transactions)
        .where(eq(transactions.transactionId, bought.charge));
      expect(row?.status).toBe('refunded');
    });

    const res = await download(bought.charge, patient);
    expect(res.status).toBe(200);
    const text = await pdfText(res.body as Buffer);
    expect(text).toMatch(/Patient\s+Sam Rivera/);
    expect(text).toMatch(/Date of service\s+Nov 22, 2026/);
    expect(text).toMatch(/Compounded tirzepatide, 6-month supply\s+\$1,349\.82/);
    expect(text).toMatch(/Amount paid\s+\$1,349\.82/);
    expect(text).toMatch(/Refunded on Nov 23, 2026\s+-\$1,349\.82/);
    expect(text).toMatch(/Net amount paid\s+\$0\.00/);
    expect(text.replace(/\s+/g, ' ')).toContain('refunded in full on Nov 23, 2026');
  });

  it("answers another patient's payment with the same 404 as an unknown one", async () => {
    const stranger = await download(planCharge, t.patient(STRANGER));
    const unknown = await download('ch_does_not_exist');
    for (const res of [stranger, unknown]) {
      expect(res.status).toBe(404);
      expect(JSON.parse(res.body.toString())).toMatchObject({
        status: 'error',
        message: 'We could not find this payment.',
      });
    }
  });

  it('refuses malformed ids with a 400 and odd ones with a 404, never a 500', async () => {
    const tooLong = await download('c'.repeat(129));
    const nul = await download('ch_1%00x');
    for (const res of [tooLong, nul]) {
      expect(res.status).toBe(400);
      expect(JSON.parse(res.body.toString())).toMatchObject({ status: 'error' });
    }
    for (const odd of ['%E2%9C%93', "ch_1'%20or%201=1", '..%2F..%2Fetc', '%20']) {
      const res = await download(odd);
      expect([400, 404]).toContain(res.status);
    }
  });

  it('asks for a login (401), and says to try again (503) when the name cannot be read', async () => {
    const anonymous = await download(planCharge, null);
    expect(anonymous.status).toBe(401);

    identityDown = true;
    let res: request.Response;
    try {
      res = await download(planCharge);
    } finally {
      identityDown = false;
    }
    expect(res.status).toBe(503);
    expect(res.body.subarray(0, 5).toString()).not.toBe('%PDF-');
    expect(JSON.parse(res.body.toString())).toMatchObject({
      message: 'We could not prepare your receipt just now. Please try again in a minute.',
    });
  });

  it('issues the invoice of the same payment from the same configured clinic', async () => {
    const res = await request(t.service.app)
      .get(`/api/invoice/${planCharge}`)
      .set(t.service.as(jordan))
      .buffer(true)
      .parse(binary);
    expect(res.status).toBe(200);
    const text = await pdfText(res.body as Buffer);
    expect(text).toContain('Lakeside Telehealth Medical Group, P.C.');
    expect(text).toMatch(/400 N Lake Shore Dr\s+Floor 2\s+Chicago, IL 60611/);
    expect(text).not.toContain('GLP Clinic Health');
  });
});
