import { formsMessages, paymentSucceeded } from '@clinic/contracts';
import { eventually } from '@clinic/kit/testing';
import { startForms, type FormsHarness } from '../testing';

describe('GET /forms/orders/{id}: the form loader’s order', () => {
  let h: FormsHarness;
  beforeAll(async () => {
    h = await startForms();
  });
  afterAll(() => h.close());

  it('gives the medical-integration form (provider 1) outside the video states', async () => {
    const patient = await h.patient({ gender: 'Female', state: 'CA' });
    const orderId = await h.paidOrder(patient, { drug: 'tirzepatide' });
    const res = await h.get(`/forms/orders/${orderId}`, patient);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      status: 'success',
      order: { status: 'pending_approval', product_id: 1 },
      state: 'CA',
      providerId: 1,
      isTriz: true,
      isSema: false,
      health_id: null,
      currentDose: null,
      gender: 'Female',
      form: 1,
      drug: 'tirzepatide',
      paymentTerms: 1,
      paidCents: 29900,
    });
  });

  it('says what the order paid, add-ons and renewals included: what Process Refund gives back', async () => {
    const patient = await h.patient({ state: 'CA' });
    const orderId = await h.paidOrder(patient, { drug: 'tirzepatide' });
    const paid = async () => (await h.get(`/forms/orders/${orderId}`, patient)).body.paidCents;
    expect(await paid()).toBe(29900);
    for (const [kind, amountCents] of [
      ['add-on', 1997],
      ['renewal', 29900],
    ] as const)
      await h.service.runtime.transaction((_tx, events) =>
        events.publish(paymentSucceeded, {
          kind,
          orderId,
          userId: patient.id,
          cartId: null,
          transactionId: `ch_${kind}_${orderId}`,
          amountCents,
          currency: 'USD',
          paymentTerms: 1,
          productName: kind === 'add-on' ? 'Ondansetron' : 'Tirzepatide monthly',
          planId: 'plan',
          prescriptionPreauths: [],
          conversionId: null,
          userName: null,
        }),
      );
    await eventually(async () => expect(await paid()).toBe(29900 + 1997 + 29900));
  });

  it('gives the bare-medication form (provider 2) in the sixteen video states, by the newest shipping state', async () => {
    const patient = await h.patient({ gender: 'Male', state: 'CA' });
    const orderId = await h.paidOrder(patient, { drug: 'semaglutide' });
    await h.shipTo(patient, 'TX');
    const res = await h.get(`/forms/orders/${orderId}`, patient);
    expect(res.body).toMatchObject({
      state: 'TX',
      providerId: 2,
      form: 2,
      isSema: true,
      gender: 'Male',
    });
    // An older save does not move the state back.
    h.clock.advance(-60_000);
    await h.shipTo(patient, 'TX');
  });

  it('gives the refill form to a patient the clinic has a health record for', async () => {
    const patient = await h.patient();
    const orderId = await h.paidOrder(patient);
    await h.identity.setHealthId(patient.id, 'H-1001');
    const res = await h.get(`/forms/orders/${orderId}`, patient);
    expect(res.body).toMatchObject({ form: 3, health_id: 'H-1001' });
  });

  it("answers 404 with the spec's message for another patient's order and an unknown one", async () => {
    const owner = await h.patient();
    const other = await h.patient();
    const orderId = await h.paidOrder(owner);
    for (const [id, as] of [
      [orderId, other],
      [999999, owner],
    ] as const) {
      const res = await h.get(`/forms/orders/${id}`, as);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(formsMessages.orderNotFound);
    }
  });

  it("opens a checkout link's session only for its own cart's order", async () => {
    const patient = await h.patient();
    const orderId = await h.paidOrder(patient, { cartId: 'cart-own' });
    const other = await h.paidOrder(patient, { cartId: 'cart-other' });
    const link = h.service.as({
      userId: patient.id,
      role: 'patient',
      sessionId: 'link',
      cartId: 'cart-own',
    });
    const get = (id: number) => h.get(`/forms/orders/${id}`, { ...patient, headers: link });
    expect((await get(orderId)).status).toBe(200);
    expect((await get(other)).status).toBe(404);
  });

  it('refuses a malformed id and a caller without a login', async () => {
    const patient = await h.patient();
    expect((await h.get('/forms/orders/abc', patient)).status).toBe(400);
    expect((await h.get('/forms/orders/0', patient)).status).toBe(400);
    expect((await h.get('/forms/orders/1')).status).toBe(401);
  });
});
