/**
 * A checkout service under test with the steps a buyer takes: save a cart on the plan page,
 * tokenise a card with the sandbox, pay with an Idempotency-Key. Everything goes through the
 * service's HTTP API on its real (embedded) engines.
 */
import { randomUUID } from 'node:crypto';
import { count, eq, type SQL } from 'drizzle-orm';
import request from 'supertest';
import type { CheckoutRequest, Principal } from '@clinic/contracts';
import type { IdentityDirectory } from '@clinic/identity-client';
import { ManualClock, rows, type Db } from '@clinic/kit';
import { startServiceForTest, testPrincipal, type ServiceUnderTest } from '@clinic/kit/testing';
import { checkoutService, type CheckoutDeps } from '../app';
import { sandboxCharges } from '../db/schema';

export const cards = {
  visa: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
  expired: '4000000000000069',
  processingError: '4000000000000119',
  lostCard: '4000000000009987',
} as const;

/** Where the identity stub says each test patient's email goes. */
export const emailOf = (userId: number) => `patient-${userId}@example.com`;

/** Identity as checkout asks it: every patient is Sam, at `emailOf(userId)`. */
export const identityStub = {
  patientContact: async (userId: number) => ({
    email: emailOf(userId),
    first_name: 'Sam',
    phone: '5125550100',
  }),
} as unknown as IdentityDirectory;

export const shipping = {
  addressLine1: '1200 Congress Ave',
  addressLine2: 'Apt 4',
  city: 'Austin',
  state: 'TX',
  zip: '78701',
};

export interface CheckoutHarness {
  service: ServiceUnderTest;
  clock: ManualClock;
  patient(userId: number): Principal;
  saveCart(opts?: { drug?: 'tirzepatide' | 'semaglutide'; as?: Principal }): Promise<string>;
  token(number: string): Promise<string>;
  pay(
    cartId: string,
    body?: Partial<CheckoutRequest> & { cardNumber?: string },
    opts?: { key?: string | null; as?: Principal },
  ): Promise<request.Response>;
  /** The service's database, for tests to read and arrange rows with the declared tables. */
  db: Db;
  /** Rows of a raw query: for the kit's tables (outbox, inbox, jobs), which checkout does not declare. */
  query<T>(query: SQL): Promise<T[]>;
  charges(): Promise<number>;
  close(): Promise<void>;
}

const plans = {
  tirzepatide: { id: 1, name: 'Tirzepatide', sku: 'tirz_plan_1', price: 224.99, retail: 349.97 },
  semaglutide: {
    id: 4,
    name: 'Semaglutide',
    sku: 'sema_plan_278928',
    price: 134.99,
    retail: 249.97,
  },
};

export async function startCheckout(deps: CheckoutDeps = {}): Promise<CheckoutHarness> {
  const clock = new ManualClock('2026-11-22T12:00:00Z');
  const service = await startServiceForTest(checkoutService, deps, { clock });
  const db = service.engines.database.db;
  const headersOf = (as?: Principal) => (as ? service.as(as) : {});
  const harness: CheckoutHarness = {
    service,
    clock,
    patient: (userId) => testPrincipal({ userId, role: 'patient', sessionId: `session-${userId}` }),
    async saveCart({ drug = 'tirzepatide', as } = {}) {
      const plan = plans[drug];
      const res = await request(service.app).post('/forms/save-cart').set(headersOf(as)).send({
        id: plan.id,
        name: plan.name,
        price: plan.price,
        retail_price: plan.retail,
        quantity: 1,
        main_type: 'Prescription',
        category: 'primary',
        sku: plan.sku,
        stripe_id: plan.sku,
        currentGLPMed: 'No',
      });
      if (res.status !== 200) throw new Error(`save-cart answered ${res.status}: ${res.text}`);
      return res.body.id as string;
    },
    async token(number) {
      const res = await request(service.app)
        .post('/sandbox/v1/tokens')
        .send({ card: { number, exp_month: 12, exp_year: 2030, cvc: '123' } });
      if (res.status !== 200) throw new Error(`tokens answered ${res.status}: ${res.text}`);
      return res.body.id as string;
    },
    async pay(cartId, body = {}, { key = randomUUID(), as } = {}) {
      const { cardNumber = cards.visa, ...rest } = body;
      const payload = {
        payment_terms: 6,
        id: cartId,
        cardToken: rest.cardToken ?? (await harness.token(cardNumber)),
        amount: 134982,
        medication: 'Tirzepatide',
        paymentMethod: 'card',
        shippingAddress: shipping,
        ...rest,
      };
      const req = request(service.app).post('/api/checkout-new').set(headersOf(as));
      if (key !== null) req.set('Idempotency-Key', key);
      return req.send(payload);
    },
    db,
    query: <T>(query: SQL) => rows<T>(db, query),
    async charges() {
      const [row] = await db
        .select({ n: count() })
        .from(sandboxCharges)
        .where(eq(sandboxCharges.status, 'succeeded'));
      return row?.n ?? 0;
    },
    close: () => service.close(),
  };
  return harness;
}
