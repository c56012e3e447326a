/**
 * The funnel's read model from the product's events: each step counted once a person on the day
 * they first reach it, carrying the person's first campaign and offer, whatever order the events
 * come in; a redelivery changes nothing; the rebuild from the kept facts equals the live model;
 * nothing about a person beyond step, campaign, offer, money and time is kept.
 */
import { asc, sql } from 'drizzle-orm';
import {
  campaignVisited,
  cartSaved,
  catalogChanged,
  offerPlans,
  formSubmitted,
  refundIssued,
  subscriptionCancelled,
  leadDisqualified,
  leadQualified,
  orderShipped,
  paymentSucceeded,
  prescriptionApproved,
  type EventData,
  type EventDefinition,
} from '@clinic/contracts';
import { ManualClock, rows } from '@clinic/kit';
import { eventually, type ServiceUnderTest } from '@clinic/kit/testing';
import { startMarketing, type MarketingHarness } from '../testing/marketing-harness';
import { funnelCohorts, funnelDays, personSteps } from '../db/schema';
import { rebuildFunnel, recordFunnelFact } from './funnel';

const clock = new ManualClock('2026-11-20T18:00:00.000Z');
let harness: MarketingHarness;
let service: ServiceUnderTest;
beforeAll(async () => {
  harness = await startMarketing({ clock });
  service = harness.service;
});
afterAll(() => harness.close());

async function handled(): Promise<number> {
  const [row] = await rows<{ n: number }>(
    service.runtime.db,
    sql`select count(*)::int as n from marketing.inbox`,
  );
  return row?.n ?? 0;
}

/** Publishes an event at `at` as its owner would, and waits until marketing has handled it. */
async function publish<E extends EventDefinition>(event: E, data: EventData<E>, at: string) {
  const before = await handled();
  clock.set(at);
  await service.runtime.transaction((_tx, events) => events.publish(event, data));
  await eventually(async () => expect(await handled()).toBe(before + 1));
}

const spring = {
  utm_source: 'google',
  utm_medium: 'cpc',
  utm_campaign: 'spring-sale',
  gclid: 'Cj0KCQ-click',
  landing_page: 'https://clinic.example/?email=ann@example.com&utm_source=google',
};

const lead = (userId: number, leadId: number): EventData<typeof leadQualified> => ({
  leadId,
  userId,
  state: 'TX',
  tracking: spring,
  newAccount: true,
  bmi: 31.2,
});

const payment = (
  userId: number,
  over: Partial<EventData<typeof paymentSucceeded>> = {},
): EventData<typeof paymentSucceeded> => ({
  kind: 'checkout',
  orderId: 500 + userId,
  userId,
  cartId: `cart-${userId}`,
  transactionId: `tx-${userId}`,
  amountCents: 134982,
  currency: 'USD',
  paymentTerms: 6,
  productName: 'Tirzepatide',
  planId: 'tirz_plan_2',
  prescriptionPreauths: [],
  conversionId: 'aff-77',
  userName: 'Ann',
  ...over,
});

/** The roll-up rows kept under one grouping's value, by step. */
async function rollupOf(dimension: 'campaign' | 'offer' | 'state' | 'source', value: string) {
  const all = await service.runtime.db.select().from(funnelDays).orderBy(asc(funnelDays.step));
  return all.filter((r) => r.dimension === dimension && r.value === value);
}

/** Every roll-up row, in one order. */
async function snapshot() {
  const db = service.runtime.db;
  return {
    days: await db
      .select()
      .from(funnelDays)
      .orderBy(
        asc(funnelDays.dimension),
        asc(funnelDays.value),
        asc(funnelDays.day),
        asc(funnelDays.step),
        asc(funnelDays.paymentTerms),
        asc(funnelDays.reason),
      ),
    cohorts: await db
      .select()
      .from(funnelCohorts)
      .orderBy(
        asc(funnelCohorts.dimension),
        asc(funnelCohorts.value),
        asc(funnelCohorts.cohortWeek),
        asc(funnelCohorts.step),
      ),
    people: await db
      .select()
      .from(personSteps)
      .orderBy(
        asc(personSteps.personKey),
        asc(personSteps.day),
        asc(personSteps.step),
        asc(personSteps.paymentTerms),
      ),
  };
}

describe('the funnel from events', () => {
  it("counts a patient's steps on their days, with their first campaign, offer and money", async () => {
    await publish(leadQualified, lead(1, 101), '2026-11-20T18:00:00.000Z');
    await publish(paymentSucceeded, payment(1), '2026-11-20T18:30:00.000Z');
    await publish(
      formSubmitted,
      {
        orderId: 501,
        userId: 1,
        assessmentId: 9,
        form: 'mdIntegration',
        questionnaireVersion: '1',
        drug: 'tirzepatide',
        state: 'TX',
        videoRequired: false,
        submittedAt: '2026-11-20T19:00:00.000Z',
      },
      '2026-11-20T19:00:00.000Z',
    );
    // 7 pm Pacific on the 21st is the 22nd in UTC: the clinic's day counts.
    await publish(
      prescriptionApproved,
      {
        orderId: 501,
        userId: 1,
        prescriptionId: 'rx-1',
        drug: 'tirzepatide',
        items: [{ rxId: 'r1', name: 'Tirzepatide', directions: 'Inject weekly', strength: 2.5 }],
        doseSchedule: [2.5, 5, 7.5],
        maintenanceDose: null,
        approvedAt: '2026-11-22T03:00:00.000Z',
      },
      '2026-11-22T03:00:00.000Z',
    );
    await publish(
      paymentSucceeded,
      payment(1, { kind: 'add-on', amountCents: 1997, planId: 'glp_anti_nausea', paymentTerms: 1 }),
      '2026-11-22T16:00:00.000Z',
    );

    const steps = async (dimension: 'campaign' | 'offer' | 'state' | 'source', value: string) =>
      (await rollupOf(dimension, value)).map((r) => ({
        day: r.day,
        step: r.step,
        people: r.people,
        amount: r.amountCents,
        terms: r.paymentTerms,
      }));
    const expected = [
      { day: '2026-11-21', step: 'approved', people: 1, amount: 0, terms: 0 },
      { day: '2026-11-20', step: 'assessment-submitted', people: 1, amount: 0, terms: 0 },
      { day: '2026-11-20', step: 'lead-qualified', people: 1, amount: 0, terms: 0 },
      { day: '2026-11-20', step: 'paid', people: 1, amount: 134982, terms: 6 },
      { day: '2026-11-22', step: 'upsell', people: 1, amount: 1997, terms: 0 },
    ];
    // The same steps under the campaign, the offer of the plan paid for, the state and source.
    expect(await steps('campaign', 'spring-sale')).toEqual(expected);
    expect(await steps('offer', 'B')).toEqual(expected);
    expect(await steps('state', 'TX')).toEqual(expected);
    expect(await steps('source', 'google')).toEqual(expected);
    // The week of the lead (Friday the 20th) is the cohort of Monday the 16th.
    const cohort = await service.runtime.db.select().from(funnelCohorts);
    expect(
      cohort
        .filter((r) => r.dimension === 'campaign' && r.value === 'spring-sale')
        .map((r) => [r.cohortWeek, r.step, r.people]),
    ).toEqual(
      expect.arrayContaining([
        ['2026-11-16', 'lead-qualified', 1],
        ['2026-11-16', 'paid', 1],
        ['2026-11-16', 'approved', 1],
      ]),
    );
  });

  it('carries a campaign that arrives after the payment back to it, as if in order', async () => {
    await publish(
      paymentSucceeded,
      payment(2, { planId: 'tirz_plan_1' }),
      '2026-11-20T18:30:00.000Z',
    );
    expect(
      (await rollupOf('campaign', '')).filter((r) => r.step === 'paid').map((r) => r.people),
    ).toEqual([1]);

    await publish(
      leadQualified,
      { ...lead(2, 102), tracking: { ...spring, utm_campaign: 'late-lead' } },
      '2026-11-20T18:00:00.000Z',
    );
    const late = await rollupOf('campaign', 'late-lead');
    expect(late.map((r) => [r.step, r.people])).toEqual([
      ['lead-qualified', 1],
      ['paid', 1],
    ]);
    // Nothing is left under "no campaign": the row of nothing went.
    expect(await rollupOf('campaign', '')).toEqual([]);
  });

  it('counts a person once a step however often they reach it, and every event and dollar', async () => {
    await publish(
      leadQualified,
      { ...lead(3, 103), tracking: { ...spring, utm_campaign: 'renewers' } },
      '2026-11-20T18:00:00.000Z',
    );
    await publish(
      paymentSucceeded,
      payment(3, { kind: 'renewal', amountCents: 34997, paymentTerms: 1 }),
      '2026-11-23T18:00:00.000Z',
    );
    await publish(
      paymentSucceeded,
      payment(3, { kind: 'renewal', amountCents: 34997, paymentTerms: 1 }),
      '2026-11-23T19:00:00.000Z',
    );
    const renewed = (await rollupOf('campaign', 'renewers')).filter((r) => r.step === 'renewed');
    expect(renewed.map((r) => [r.people, r.events, r.amountCents])).toEqual([[1, 2, 69994]]);
  });

  it('keys a lead turned away without an account by the lead, with the reason', async () => {
    await publish(
      leadDisqualified,
      {
        leadId: 104,
        userId: null,
        state: 'LA',
        tracking: { ...spring, utm_campaign: 'south' },
        reason: 'state_not_available',
      },
      '2026-11-20T20:00:00.000Z',
    );
    const [row] = await rollupOf('campaign', 'south');
    expect(row).toMatchObject({
      step: 'lead-disqualified',
      reason: 'state_not_available',
      people: 1,
    });
    expect((await rollupOf('state', 'LA')).map((r) => r.reason)).toEqual(['state_not_available']);
  });

  it("counts carts, cancellations and refunds, and puts a lead in its link's offer test", async () => {
    const tracking = { ...spring, utm_campaign: 'offer-test', sema_offer: 'C' as const };
    // The visit is a person of its own: visits are not followed to their leads.
    await publish(
      campaignVisited,
      { visitId: '7d3f4c52-5e0a-4a8e-9a63-0f1f7f3b2a10', tracking },
      '2026-11-23T17:59:00.000Z',
    );
    await publish(leadQualified, { ...lead(5, 105), tracking }, '2026-11-23T18:00:00.000Z');
    await publish(
      cartSaved,
      { cartId: 'cart-5', userId: 5, planId: 'sema_plan_1', amountCents: 29900 },
      '2026-11-23T18:05:00.000Z',
    );
    // A default-offer plan paid: the lead's offer C still decides the test it is in.
    await publish(
      paymentSucceeded,
      payment(5, { planId: 'sema_plan_1' }),
      '2026-11-23T18:10:00.000Z',
    );
    await publish(
      refundIssued,
      {
        transactionId: 'tx-5',
        refundId: 're_5',
        userId: 5,
        amountCents: 134982,
        currency: 'USD',
        kind: 'denied',
      },
      '2026-11-24T18:00:00.000Z',
    );
    await publish(
      subscriptionCancelled,
      { subscriptionId: 55, userId: 5, by: 'clinic', paymentTerms: 6, orderId: null },
      '2026-11-24T18:00:01.000Z',
    );
    const steps = (await rollupOf('offer', 'C')).map((r) => [
      r.step,
      r.people,
      r.amountCents,
      r.reason,
    ]);
    expect(steps).toEqual([
      ['cancelled', 1, 0, 'clinic'],
      ['cart-saved', 1, 29900, ''],
      ['lead-qualified', 1, 0, ''],
      ['paid', 1, 134982, ''],
      ['refunded', 1, 134982, 'denied'],
      ['visit', 1, 0, ''],
    ]);
  });

  it('changes nothing when the same event comes again', async () => {
    const before = await snapshot();
    const again = await service.runtime.transaction(async (tx) =>
      recordFunnelFact(tx, {
        eventId: (
          await rows<{ event_id: string }>(
            tx,
            sql`select event_id from marketing.funnel_facts limit 1`,
          )
        )[0]!.event_id,
        step: 'paid',
        personKey: 'u:1',
        occurredAt: new Date('2026-11-20T18:30:00.000Z'),
        amountCents: 134982,
      }),
    );
    expect(again).toBe(false);
    expect(await snapshot()).toEqual(before);
  });

  it('rebuilds from the kept facts exactly the model the live events made', async () => {
    await publish(
      orderShipped,
      {
        shipmentId: 1,
        orderNumber: '#0501',
        orderId: 501,
        userId: 1,
        carrier: 'UPS',
        trackingNumber: '1Z999',
        overnight: false,
        shippedAt: '2026-11-24T18:00:00.000Z',
      } as EventData<typeof orderShipped>,
      '2026-11-24T18:00:00.000Z',
    );
    const live = await snapshot();
    expect(live.days.length).toBeGreaterThan(40);
    await service.runtime.db.delete(funnelDays);
    const report = await rebuildFunnel(service.runtime.engines.database);
    expect(report.people).toBe(6);
    expect(await snapshot()).toEqual(live);
  });

  it('keeps no name, product, click id, landing query or order id', async () => {
    const [dump] = await rows<{ all: string }>(
      service.runtime.db,
      sql`select (select coalesce(json_agg(f), '[]') from marketing.funnel_facts f)::text
            || (select coalesce(json_agg(d), '[]') from marketing.funnel_days d)::text
            || (select coalesce(json_agg(p), '[]') from marketing.person_steps p)::text as all`,
    );
    for (const secret of [
      'Ann',
      'Tirzepatide',
      'Cj0KCQ',
      'ann@example.com',
      'cart-1',
      'tx-1',
      'aff-77',
    ])
      expect(dump?.all).not.toContain(secret);
    // The order id (501) as a value of its own, not digits inside an event's uuid.
    expect(dump?.all).not.toMatch(/(?<![\w-])501(?![\w-])/);
  });
});

describe("the funnel's offers follow checkout's", () => {
  it('counts a payment under the offer that sells its plan after an admin changed the offers', async () => {
    const swapped = {
      ...offerPlans,
      tirzepatide: { default: 'tirz_plan_1', B: 'tirz_plan_3', C: 'tirz_plan_2' },
    };
    await publish(
      catalogChanged,
      { setting: 'offers', version: 1, value: swapped },
      '2026-12-01T09:00:00.000Z',
    );
    // A repeat of an older version changes nothing.
    await publish(
      catalogChanged,
      { setting: 'offers', version: 1, value: offerPlans },
      '2026-12-01T09:01:00.000Z',
    );
    await publish(leadQualified, lead(40, 140), '2026-12-01T10:00:00.000Z');
    await publish(
      paymentSucceeded,
      payment(40, { orderId: 940, planId: 'tirz_plan_3' }),
      '2026-12-01T10:30:00.000Z',
    );
    const paidOn = async (offer: string) =>
      (await rollupOf('offer', offer)).filter((r) => r.day === '2026-12-01' && r.step === 'paid');
    expect(await paidOn('B')).toMatchObject([{ people: 1 }]);
    expect(await paidOn('C')).toEqual([]);
  });
});
