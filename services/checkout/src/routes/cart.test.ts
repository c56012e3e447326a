import { count, eq, sql } from 'drizzle-orm';
import request from 'supertest';
import {
  leadDisqualified,
  leadQualified,
  type EventData,
  type SaveCartRequest,
} from '@clinic/contracts';
import { rows } from '@clinic/kit';
import { startServiceForTest, type ServiceUnderTest, eventually } from '@clinic/kit/testing';
import { checkoutService } from '../app';
import { cartItems, carts, patientEligibility } from '../db/schema';
import { cartMessages } from '../domain/cart';

const NOT_QUALIFIED =
  "We're Sorry. Based on the information you provided, you currently do not qualify for our programs.";

/** The tirzepatide plan of the default offer as the plan page puts it in the cart. */
function tirzepatideDefault(overrides: Partial<SaveCartRequest> = {}): SaveCartRequest {
  return {
    id: 1,
    name: 'Tirzepatide',
    price: 224.99,
    retail_price: 349.97,
    quantity: 1,
    main_type: 'Prescription',
    subheader: 'Compound Medication',
    image: '/images/tirzepatide.png',
    category: 'primary',
    sku: 'tirz_plan_1',
    stripe_id: 'tirz_plan_1',
    sema_offer: 'default',
    tir_offer: 'default',
    currentGLPMed: 'No',
    currentDose: '',
    ...overrides,
  };
}

describe('POST /forms/save-cart', () => {
  let service: ServiceUnderTest;

  beforeAll(async () => {
    service = await startServiceForTest(checkoutService, {});
  });
  afterAll(async () => service.close());

  const save = (body: unknown, headers: Record<string, string> = {}) =>
    request(service.app)
      .post('/forms/save-cart')
      .set(headers)
      .send(body as object);

  /** The carts saved, and the `cart-saved` events published: a refusal adds to neither. */
  async function cartCount(): Promise<{ carts: number; events: number }> {
    const [row] = await service.engines.database.db.select({ n: count() }).from(carts);
    return { carts: row?.n ?? 0, events: (await cartSavedEvents()).length };
  }

  async function cartSavedEvents() {
    // Raw: the outbox is the kit's table, not declared in checkout's schema.
    const found = await rows<{ envelope: { data: Record<string, unknown> } }>(
      service.engines.database.db,
      sql`select envelope from checkout.outbox where name = 'cart-saved' order by seq`,
    );
    return found.map((r) => r.envelope);
  }

  it('publishes cart-saved with the cart: its plan and price, once, and no name or product', async () => {
    const before = (await cartSavedEvents()).length;
    const anonymous = await save(tirzepatideDefault({ quantity: 2, name: 'Tirzepatide' }));
    const patient = service.as({ userId: 77, role: 'patient', sessionId: 's-77' });
    const signedIn = await save(
      tirzepatideDefault({ id: 5, sku: 'sema_plan_134562', stripe_id: 'x', sema_offer: 'A' }),
      patient,
    );
    expect([anonymous.status, signedIn.status]).toEqual([200, 200]);

    const published = (await cartSavedEvents()).slice(before);
    expect(published.map((e) => e.data)).toEqual([
      { cartId: anonymous.body.id, userId: null, planId: 'tirz_plan_1', amountCents: 22499 },
      { cartId: signedIn.body.id, userId: 77, planId: 'sema_plan_134562', amountCents: 13499 },
    ]);
    const sent = JSON.stringify(published);
    expect(sent).not.toMatch(/tirzepatide|semaglutide|compound/i);
  });

  it('saves the plan as one prescription priced from the catalog, under an unguessable id', async () => {
    const res = await save(tirzepatideDefault({ price: 0.01, quantity: 3 }));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'success', id: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    const [item] = await service.engines.database.db
      .select({
        current_glp_med: carts.currentGlpMed,
        product_id: cartItems.productId,
        quantity: cartItems.quantity,
        unit_price_cents: cartItems.unitPriceCents,
      })
      .from(carts)
      .innerJoin(cartItems, eq(cartItems.cartId, carts.id))
      .where(eq(carts.id, res.body.id));
    expect(item).toEqual({
      current_glp_med: 'No',
      product_id: 1,
      quantity: 1,
      unit_price_cents: 22499,
    });
  });

  it.each([
    [
      'tirzepatide, offer B',
      { id: 2, sku: 'tirz_plan_2', stripe_id: 'tirz_plan_2', tir_offer: 'B' },
    ],
    [
      'tirzepatide, offer C',
      { id: 3, sku: 'tirz_plan_3', stripe_id: 'tirz_plan_3', tir_offer: 'C' },
    ],
    [
      'semaglutide, default',
      { id: 4, sku: 'sema_plan_278928', stripe_id: 'sema_plan_278928', name: 'Semaglutide' },
    ],
    [
      'semaglutide, offer A',
      { id: 5, sku: 'sema_plan_134562', stripe_id: 'sema_plan_134562', sema_offer: 'A' },
    ],
    [
      'semaglutide, offer C',
      { id: 6, sku: 'sema_plan_367367', stripe_id: 'sema_plan_367367', sema_offer: 'C' },
    ],
    // Offer B has no semaglutide plan of its own: the default one applies.
    [
      'semaglutide under offer B',
      { id: 4, sku: 'sema_plan_278928', stripe_id: 'sema_plan_278928', sema_offer: 'B' },
    ],
  ] as const)('accepts the plan of the active offer: %s', async (_what, change) => {
    const res = await save(tirzepatideDefault(change));
    expect(res.status).toBe(200);
  });

  it.each([
    ['a quantity of 0', tirzepatideDefault({ quantity: 0 }), 'quantity'],
    [
      'a current user without a dose',
      tirzepatideDefault({ currentGLPMed: 'Yes' }),
      cartMessages.dose,
    ],
    [
      'a dose that is not on the ladder',
      tirzepatideDefault({ currentGLPMed: 'Yes', currentDose: '900 mg' }),
      cartMessages.dose,
    ],
  ])('refuses %s and saves nothing', async (_what, body, message) => {
    const before = await cartCount();
    const res = await save(body);
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(message);
    expect(await cartCount()).toEqual(before);
  });

  it.each([
    ['an unknown product', tirzepatideDefault({ id: 99 })],
    ['a sku that is not the product', tirzepatideDefault({ sku: 'sema_plan_278928' })],
  ])('answers 404 to %s and saves nothing', async (_what, body) => {
    const before = await cartCount();
    const res = await save(body);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(cartMessages.unknownProduct);
    expect(await cartCount()).toEqual(before);
  });

  it('answers 409 to a plan of another offer than the active one, and saves nothing', async () => {
    const before = await cartCount();
    const res = await save(tirzepatideDefault({ tir_offer: 'B' }));
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(cartMessages.notInOffer);
    expect(await cartCount()).toEqual(before);
  });

  it.each([
    ['no body', {}],
    ['a price as text', { ...tirzepatideDefault(), price: 'free' }],
    ['an unknown offer', { ...tirzepatideDefault(), tir_offer: 'Z' }],
    ['a 10 kB name', { ...tirzepatideDefault(), name: 'x'.repeat(10_000) }],
  ])('answers 400 to %s', async (_what, body) => {
    const before = await cartCount();
    const res = await save(body);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^Invalid request body: /);
    expect(await cartCount()).toEqual(before);
  });

  describe('eligibility learnt from intake', () => {
    async function publish(
      event: typeof leadQualified | typeof leadDisqualified,
      data: EventData<typeof leadQualified> | EventData<typeof leadDisqualified>,
    ) {
      await service.runtime.transaction(async (_tx, events) => {
        await events.publish(
          event as typeof leadQualified,
          data as EventData<typeof leadQualified>,
        );
      });
    }
    const patient = (userId: number) => service.as({ userId, role: 'patient', sessionId: 's' });

    async function eligibilityOf(userId: number) {
      const [row] = await service.engines.database.db
        .select({
          bmi: patientEligibility.bmi,
          disqualified_reason: patientEligibility.disqualifiedReason,
        })
        .from(patientEligibility)
        .where(eq(patientEligibility.userId, userId));
      return row;
    }

    it('applies the BMI minimum of new users (25) and of current users (20)', async () => {
      await publish(leadQualified, {
        leadId: 1,
        userId: 42,
        newAccount: true,
        state: 'TX',
        bmi: 22.6,
        tracking: null,
      });
      await eventually(async () =>
        expect(await eligibilityOf(42)).toEqual({ bmi: 22.6, disqualified_reason: null }),
      );

      const before = await cartCount();
      const newUser = await save(tirzepatideDefault(), patient(42));
      expect(newUser.status).toBe(403);
      expect(newUser.body.message).toBe(NOT_QUALIFIED);
      expect(await cartCount()).toEqual(before);
      const currentUser = await save(
        tirzepatideDefault({ currentGLPMed: 'Yes', currentDose: '5 mg' }),
        patient(42),
      );
      expect(currentUser.status).toBe(200);
    });

    it('refuses a patient whose lead was disqualified, even when the event arrives twice', async () => {
      await publish(leadQualified, {
        leadId: 2,
        userId: 43,
        newAccount: true,
        state: 'TX',
        bmi: 31,
        tracking: null,
      });
      await publish(leadDisqualified, {
        leadId: 2,
        userId: 43,
        state: 'TX',
        reason: 'bmi_below_25',
        tracking: null,
      });
      await eventually(async () =>
        expect((await eligibilityOf(43))?.disqualified_reason).toBe('bmi_below_25'),
      );
      const res = await save(tirzepatideDefault(), patient(43));
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(NOT_QUALIFIED);
    });
  });
});
