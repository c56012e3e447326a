import express, { Router } from 'express';
import { eq } from 'drizzle-orm';
import request from 'supertest';
import { orderNumber, type Principal } from '@clinic/contracts';
import type { IdentityDirectory } from '@clinic/identity-client';
import { finishApp, principalMiddleware } from '@clinic/kit';
import { silentLogger } from '@clinic/kit/testing';
import {
  formatUsd,
  invoiceDescription,
  invoiceNumberOf,
  renderInvoicePdf,
} from '../domain/billing/invoice-pdf';
import { transactions } from '../db/schema';
import { startCheckout, type CheckoutHarness } from '../testing/checkout-harness';
import { binary, pdfText } from '../testing/pdf';
import { invoiceRoute } from './invoice';

const identity = {
  patientContact: async (userId: number) =>
    userId === 801
      ? {
          email: 'jordan@example.com',
          first_name: 'Jordan',
          last_name: 'Avery-Lee',
          phone: '5125550101',
        }
      : null,
} as unknown as IdentityDirectory;

describe('GET /api/invoice/:transaction_id', () => {
  let t: CheckoutHarness;
  let app: express.Express;
  let buyer: Principal;
  let transactionId: string;
  let orderId: number;
  let addOnId: string;

  beforeAll(async () => {
    t = await startCheckout();
    // The route on the service's own runtime and principal signer, until app.ts mounts it.
    app = express();
    app.use(principalMiddleware(t.service.engines.principals));
    const router = Router();
    invoiceRoute(router, t.service.runtime, identity);
    app.use(router);
    finishApp(app, silentLogger);

    buyer = t.patient(801);
    const paid = await t.pay(await t.saveCart({ as: buyer }), {}, { as: buyer });
    expect(paid.status).toBe(200);
    transactionId = paid.body.transaction_id;
    orderId = paid.body.prescriptionPreauths[0].orderId;
    const addOn = await request(t.service.app)
      .post('/api/add-to-order')
      .set(t.service.as(buyer))
      .send({ product: 'glp_anti_nausea' });
    expect(addOn.status).toBe(200);
    addOnId = addOn.body.transaction_id;
  });
  afterAll(async () => t.close());

  const download = (id: string, as: Principal | null = buyer, productName?: string) => {
    const req = request(app)
      .get(`/api/invoice/${encodeURIComponent(id)}`)
      .set(as ? t.service.as(as) : {});
    if (productName !== undefined) req.query({ product_name: productName });
    return req.buffer(true).parse(binary);
  };

  it('gives the buyer the invoice of their payment as a PDF: USD, one line, paid, nothing due', async () => {
    const res = await download(transactionId);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="invoice-${transactionId}.pdf"`,
    );
    expect(res.headers['cache-control']).toBe('private, no-store');
    const body = res.body as Buffer;
    expect(body.subarray(0, 5).toString()).toBe('%PDF-');

    const text = await pdfText(body);
    expect(text).toContain('GLP Clinic Health, Inc.');
    expect(text).toContain('1200 Market Street, Suite 400');
    expect(text).toContain('San Francisco, CA 94102');
    expect(text).toContain(invoiceNumberOf(transactionId));
    // The order by the one number the portal, the emails and the console show.
    expect(text).toMatch(new RegExp(`Order\\s+${orderNumber(orderId)}`));
    // The day of issue as every page writes a day, in the clinic's (San Francisco's) zone.
    expect(text).toContain('Nov 22, 2026');
    expect(text).toContain('USD');
    // The transaction's own product name, quantity 1, unit price and amount.
    expect(text).toMatch(/Tirzepatide Half Yearly Plan\s+1\s+\$1,349\.82\s+\$1,349\.82/);
    expect(text).toMatch(/Total\s+\$1,349\.82/);
    expect(text).toMatch(/Paid\s+\$1,349\.82/);
    expect(text).toMatch(/Amount due\s+\$0\.00/);
    expect(text).toMatch(/Status\s+Paid/);
    // Billed to: the full name, the order's address (shipping, as no billing address was given).
    expect(text).toMatch(
      /Billed to\s+Jordan Avery-Lee\s+1200 Congress Ave\s+Apt 4\s+Austin, TX 78701\s+jordan@example\.com/,
    );
    expect(text).not.toContain('Refunded');
  });

  it("bills to the order's billing address when it had one", async () => {
    const cartId = await t.saveCart({ as: buyer });
    const paid = await t.pay(
      cartId,
      {
        billingAddress: {
          addressLine1: '9 Bill Rd',
          addressLine2: null,
          city: 'Dallas',
          state: 'TX',
          zip: '75201',
        },
      },
      { as: buyer },
    );
    expect(paid.status).toBe(200);
    const text = await pdfText((await download(paid.body.transaction_id)).body);
    expect(text).toMatch(
      /Billed to\s+Jordan Avery-Lee\s+9 Bill Rd\s+Dallas, TX 75201\s+jordan@example\.com/,
    );
    expect(text).not.toContain('1200 Congress Ave');
  });

  it('names the product the transaction paid for, never the text the request asks for', async () => {
    const text = await pdfText((await download(addOnId, buyer, 'Refund owed: $5,000')).body);
    expect(text).not.toContain('Refund owed');
    expect(text).toMatch(/GLP Anti-Nausea\s+1\s+\$19\.97\s+\$19\.97/);
    expect(text).toMatch(/Paid\s+\$19\.97/);
    expect(text).toMatch(/Amount due\s+\$0\.00/);
  });

  it('says "Subscription Service" when there is no product name, and shows a refund', async () => {
    await t.db
      .update(transactions)
      .set({ productName: '', status: 'refunded' })
      .where(eq(transactions.transactionId, addOnId));
    const text = await pdfText((await download(addOnId, buyer, '  ')).body);
    expect(text).toMatch(/Subscription Service\s+1\s+\$19\.97\s+\$19\.97/);
    expect(text).toMatch(/Paid\s+\$19\.97/);
    expect(text).toMatch(/Refunded\s+-\$19\.97/);
    expect(text).toMatch(/Status\s+Refunded/);
    expect(text).toMatch(/Amount due\s+\$0\.00/);
  });

  it("answers 404 for another patient's payment or an unknown one, and 401 without a login", async () => {
    const stranger = await request(app)
      .get(`/api/invoice/${transactionId}`)
      .set(t.service.as(t.patient(802)));
    expect(stranger.status).toBe(404);
    expect(stranger.body).toMatchObject({ message: 'We could not find this payment.' });
    expect(stranger.text).not.toContain('%PDF');
    const unknown = await request(app).get('/api/invoice/ch_nope').set(t.service.as(buyer));
    expect(unknown.status).toBe(404);
    expect((await request(app).get(`/api/invoice/${transactionId}`)).status).toBe(401);
  });
});

describe('invoice PDF rendering', () => {
  const base = {
    transactionId: 'ch_test_1',
    invoiceNumber: invoiceNumberOf('ch_test_1'),
    orderNumber: orderNumber(1042),
    issuedAt: new Date('2026-01-05T10:00:00Z'),
    amountCents: 224999,
    status: 'Paid' as const,
    billedTo: null,
  };

  it('leaves out the billed-to block for an unknown patient and survives odd characters', async () => {
    const long = `Tirzepatide 🎉 ${'Extended '.repeat(30)}Plan`;
    const text = await pdfText(await renderInvoicePdf({ ...base, description: long }));
    expect(text).not.toContain('Billed to');
    expect(text).toContain('Tirzepatide ?');
    expect(text).toMatch(/Amount due\s+\$0\.00/);
    expect(text).toMatch(/Paid\s+\$2,249\.99/);
  });

  it('is the same bytes for the same invoice', async () => {
    const invoice = { ...base, description: 'X' };
    expect(Buffer.from(await renderInvoicePdf(invoice))).toEqual(
      Buffer.from(await renderInvoicePdf(invoice)),
    );
  });

  it('picks the description and formats dollars', () => {
    expect(invoiceDescription('Plan')).toBe('Plan');
    expect(invoiceDescription(' ')).toBe('Subscription Service');
    expect(invoiceDescription(null)).toBe('Subscription Service');
    expect(formatUsd(0)).toBe('$0.00');
    expect(invoiceNumberOf('ch_a')).toMatch(/^INV-[0-9A-F]{12}$/);
    expect(invoiceNumberOf('ch_a')).toBe(invoiceNumberOf('ch_a'));
  });
});
