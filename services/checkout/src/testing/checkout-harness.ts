/**
 * A checkout service under test with the steps a buyer takes: save a cart on the plan page,
 * tokenise a card with the sandbox, pay with an Idempotency-Key. Everything goes through the
 * service's HTTP API on its real (embedded) engines.
 */
import { randomUUID } from 'node:crypto';
import { count, eq, sql, type SQL } from 'drizzle-orm';
import request from 'supertest';
import type {
  CheckoutRequest,
  GuestBuyer,
  Principal,
  ProvisionPatientRequest,
} from '@clinic/contracts';
import type { IdentityDirectory } from '@clinic/identity-client';
import { ManualClock, rows, type Db, type OpenedEngines } from '@clinic/kit';
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
  /** A real card's number, which Stripe's test mode declines as `card_declined`. */
  realCard: '4111111111111111',
} as const;

/** Where the identity stub says each test patient's email goes. */
export const emailOf = (userId: number) => `patient-${userId}@example.com`;

/** Accounts the fake identity makes for guests' orders are numbered from here. */
export const firstGuestAccountId = 90001;

/**
 * Identity as checkout asks it, in memory: every patient is Sam, at `emailOf(userId)`, and every
 * staff member Morgan of marketing; a guest's order gets an account (ids from
 * `firstGuestAccountId`, once per email) with a session, and a cart session opens for those
 * accounts only. `provisioned` lists what checkout asked for.
 */
export function fakeIdentity(): IdentityDirectory & { provisioned: ProvisionPatientRequest[] } {
  const accounts = new Map<string, number>();
  const provisioned: ProvisionPatientRequest[] = [];
  const unused = async (): Promise<never> => {
    throw new Error('not used by checkout');
  };
  return {
    provisioned,
    async patientContact(userId) {
      return {
        email: emailOf(userId),
        first_name: 'Sam',
        last_name: 'Rivera',
        phone: '5125550100',
        gender: null,
        state: 'TX',
        health_id: null,
        height_inch: null,
        weight: null,
        text_updates: false,
      };
    },
    async userIdByEmail(email) {
      return accounts.get(email.toLowerCase()) ?? null;
    },
    async provisionPatient(request) {
      provisioned.push(request);
      const email = request.email.toLowerCase();
      const existing = accounts.get(email);
      if (existing !== undefined) return { created: false, userId: existing };
      const id = firstGuestAccountId + accounts.size;
      accounts.set(email, id);
      return {
        created: true,
        token: `session-of-${id}`,
        user: {
          id,
          first_name: request.first_name,
          last_name: request.last_name,
          email,
          phone: request.phone,
          address: '',
          city: '',
          state: request.state,
          zip: '',
          height_inch: null,
          weight: null,
          health_id: null,
          is_admin: 0,
          role: 'patient',
        },
      };
    },
    async openCartSession({ userId, cartId }) {
      if (![...accounts.values()].includes(userId)) return { session: null };
      return {
        session: {
          token: `cart-session-of-${userId}-${cartId}`,
          user: { id: userId, first_name: 'Gus', role: 'patient', session_scope: 'cart' },
        },
      };
    },
    resolveSession: unused,
    changePatientContact: unused,
    // Marketing's retry of an affiliate conversion names who retried: every staff id is Morgan.
    async staffMember(userId) {
      return { id: userId, first_name: 'Morgan', last_name: 'Marketing', role: 'marketing' };
    },
    clinicianProfile: unused,
  };
}

/** The fake identity most tests share (`fakeIdentity`). */
export const identityStub = fakeIdentity();

/** A guest buyer with an email no account has. */
export function guestBuyer(overrides: Partial<GuestBuyer> = {}): GuestBuyer {
  return {
    first_name: 'Gus',
    last_name: 'Guest',
    email: `guest-${randomUUID()}@example.com`,
    phone: '5125550123',
    ...overrides,
  };
}

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
  /** The envelopes checkout wrote to its outbox under one event name, oldest first. */
  outboxEvents(name: string): Promise<{ data: Record<string, unknown> }[]>;
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

/**
 * A plan of the default offer as the plan page saves it in the cart (POST /forms/save-cart),
 * without the GLP-1 answers the page adds.
 */
export function planLine(drug: keyof typeof plans = 'tirzepatide') {
  const plan = plans[drug];
  return {
    id: plan.id,
    name: plan.name,
    price: plan.price,
    retail_price: plan.retail,
    quantity: 1,
    main_type: 'Prescription',
    category: 'primary',
    sku: plan.sku,
    stripe_id: plan.sku,
  };
}

/**
 * Checkout on embedded engines. Identity is an in-memory fake (`fakeIdentity`) unless `deps`
 * give one (`identity: undefined` for none).
 */
export async function startCheckout(
  deps: CheckoutDeps = {},
  /**
   * Engines of the caller's (a PostgreSQL server's, for an infra test), opened with `clock`;
   * embedded ones if not.
   */
  opts: { engines?: OpenedEngines; clock?: ManualClock } = {},
): Promise<CheckoutHarness> {
  const clock = opts.clock ?? new ManualClock('2026-11-22T12:00:00Z');
  // Guests' orders need identity to make their accounts: an in-memory one unless one is given.
  const service = await startServiceForTest(
    checkoutService,
    { identity: fakeIdentity(), ...deps },
    opts.engines ? { clock, engines: opts.engines } : { clock },
  );
  const db = service.engines.database.db;
  const headersOf = (as?: Principal) => (as ? service.as(as) : {});
  const harness: CheckoutHarness = {
    service,
    clock,
    patient: (userId) => testPrincipal({ userId, role: 'patient', sessionId: `session-${userId}` }),
    async saveCart({ drug = 'tirzepatide', as } = {}) {
      const res = await request(service.app)
        .post('/forms/save-cart')
        .set(headersOf(as))
        .send({ ...planLine(drug), currentGLPMed: 'No' });
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
        // Ignored when the payer or the cart has an account; a guest's order needs it (one buyer
        // per cart, so a repeated key sends the same body).
        guest: guestBuyer({ email: `guest-${cartId}@example.com` }),
        ...rest,
      };
      const req = request(service.app).post('/api/checkout-new').set(headersOf(as));
      if (key !== null) req.set('Idempotency-Key', key);
      return req.send(payload);
    },
    db,
    query: <T>(query: SQL) => rows<T>(db, query),
    async outboxEvents(name) {
      // Raw: the outbox is the kit's table, not declared in checkout's schema.
      const found = await rows<{ envelope: { data: Record<string, unknown> } }>(
        db,
        sql`select envelope from checkout.outbox where name = ${name} order by seq`,
      );
      return found.map((r) => r.envelope);
    },
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
