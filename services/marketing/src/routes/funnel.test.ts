/**
 * The funnel page's calls on a seeded history with known counts: conversion rates between steps,
 * money gross, refunded and net, a renewal charged at 11:30 pm Pacific counted on the clinic's
 * day, weekly cohorts, an offer test against a hand-computed z-test, every count of 1 to 10
 * people shown as "<11" (in the JSON and the CSV), bad ranges and tables refused, and the calls
 * open to marketing and admins only.
 */
import request from 'supertest';
import { SMALL_CELL_TEXT, marketingMessages, type Role } from '@clinic/contracts';
import type { ServiceUnderTest } from '@clinic/kit/testing';
import { randomUUID } from 'node:crypto';
import { startMarketing, type MarketingHarness } from '../testing/marketing-harness';
import { recordFunnelFact } from '../domain/funnel';
import type { FunnelFact, LeadCampaign } from '../domain/funnel-steps';

let harness: MarketingHarness;
let service: ServiceUnderTest;

const summer: LeadCampaign = {
  source: 'google',
  medium: 'cpc',
  campaign: 'summer',
  content: '',
  term: '',
  hasGclid: true,
  hasFbclid: false,
  landingPage: '/',
  state: 'TX',
};
const tiny: LeadCampaign = {
  ...summer,
  source: 'facebook',
  campaign: '=HYPERLINK("x")',
  state: 'FL',
};

type Seed = Omit<FunnelFact, 'eventId' | 'occurredAt'> & { at: string };

/**
 * 80 summer leads (40 on offer A, 40 on the default) on Tuesday 3 November: 40 save a cart, 32
 * pay $299 (20 of A, 12 of the default), 11 of them are refunded; person 1 renews at 11:30 pm
 * Pacific on 3 December (7:30 am UTC on the 4th). 3 leads of a tiny campaign on offer C, 1 pays.
 */
function history(): Seed[] {
  const seeds: Seed[] = [];
  for (let n = 1; n <= 80; n += 1) {
    const personKey = `u:${n}`;
    const offer = n <= 40 ? 'A' : 'default';
    seeds.push({
      step: 'lead-qualified',
      personKey,
      campaign: summer,
      offer,
      at: '2026-11-03T18:00:00Z',
    });
    const paid = n <= 20 || (n > 40 && n <= 52);
    if (paid || (n > 60 && n <= 68))
      seeds.push({ step: 'cart-saved', personKey, at: '2026-11-03T18:10:00Z' });
    if (paid)
      seeds.push({
        step: 'paid',
        personKey,
        amountCents: 29900,
        paymentTerms: 1,
        offer: 'A',
        at: '2026-11-04T18:00:00Z',
      });
    if (paid && (n <= 6 || (n > 40 && n <= 45)))
      seeds.push({
        step: 'refunded',
        personKey,
        amountCents: 29900,
        reason: 'denied',
        at: '2026-11-06T18:00:00Z',
      });
  }
  seeds.push({
    step: 'renewed',
    personKey: 'u:1',
    amountCents: 29900,
    paymentTerms: 1,
    at: '2026-12-04T07:30:00Z',
  });
  for (let n = 101; n <= 103; n += 1)
    seeds.push({
      step: 'lead-qualified',
      personKey: `u:${n}`,
      campaign: tiny,
      offer: 'C',
      at: '2026-11-05T18:00:00Z',
    });
  seeds.push({
    step: 'paid',
    personKey: 'u:101',
    amountCents: 19900,
    paymentTerms: 1,
    at: '2026-11-05T19:00:00Z',
  });
  return seeds;
}

beforeAll(async () => {
  harness = await startMarketing();
  service = harness.service;
  await service.runtime.transaction(async (tx) => {
    for (const { at, ...seed } of history())
      await recordFunnelFact(tx, { ...seed, eventId: randomUUID(), occurredAt: new Date(at) });
  });
});
afterAll(() => harness.close());

const as = (role: Role) => service.as({ userId: 900, role, sessionId: `s-${role}` });
const funnel = (query: string, role: Role = 'marketing') =>
  request(service.app).get(`/api/console/marketing/funnel?${query}`).set(as(role));
const november = 'from=2026-11-01&to=2026-11-30';

const stepOf = (group: { steps: { step: string }[] }, step: string) =>
  group.steps.find((s) => s.step === step);

describe('the funnel report', () => {
  it('gives each step its people and its rate against the step before it', async () => {
    const res = await funnel(`${november}&groupBy=campaign`);
    expect(res.status).toBe(200);
    const [first, second] = res.body.groups;
    expect(first.value).toBe('summer');
    expect(stepOf(first, 'lead-qualified')).toMatchObject({ people: 80, events: 80 });
    expect(stepOf(first, 'cart-saved')).toMatchObject({ people: 40, rate: 0.5 });
    expect(stepOf(first, 'paid')).toMatchObject({ people: 32, amountCents: 956800, rate: 0.8 });
    expect(stepOf(first, 'refunded')).toMatchObject({ people: 11, rate: 11 / 32 });
    expect(first).toMatchObject({
      grossCents: 956800,
      refundsCents: 328900,
      netCents: 627900,
      refundRate: 11 / 32,
    });
    // The tiny campaign: 3 leads and 1 buyer are small cells; its money and rates are withheld.
    expect(second.value).toBe('=HYPERLINK("x")');
    expect(stepOf(second, 'lead-qualified')).toMatchObject({ people: SMALL_CELL_TEXT });
    expect(stepOf(second, 'paid')).toMatchObject({
      people: SMALL_CELL_TEXT,
      amountCents: SMALL_CELL_TEXT,
      rate: null,
    });
    expect(second).toMatchObject({ grossCents: SMALL_CELL_TEXT, netCents: SMALL_CELL_TEXT });
    expect(stepOf(res.body.total, 'paid')).toMatchObject({ people: 33, rate: 33 / 40 });
    // The breakdowns: first payments by plan term, refunds by kind.
    expect(res.body.details).toEqual([
      { step: 'paid', detail: '1', label: '1 month', people: 33, amountCents: 976700 },
      {
        step: 'refunded',
        detail: 'denied',
        label: 'Not approved',
        people: 11,
        amountCents: 328900,
      },
    ]);
  });

  it('counts a renewal charged at 11:30 pm Pacific on that Pacific day, not the UTC one', async () => {
    const renewed = async (to: string) =>
      stepOf((await funnel(`from=2026-11-01&to=${to}&groupBy=source`)).body.total, 'renewed');
    expect(await renewed('2026-12-02')).toMatchObject({ people: 0, events: 0, amountCents: 0 });
    expect(await renewed('2026-12-03')).toMatchObject({ people: SMALL_CELL_TEXT });
  });

  it('follows the weekly cohort of leads to payment', async () => {
    const res = await funnel(`${november}&groupBy=state`);
    expect(res.body.cohorts).toEqual([
      {
        week: '2026-11-02',
        leads: 83,
        paid: 33,
        approved: 0,
        renewed: SMALL_CELL_TEXT,
        paidRate: 33 / 83,
      },
    ]);
    expect(res.body.groups.map((g: { value: string }) => g.value)).toEqual(['TX', 'FL']);
  });

  it("tests each offer against the default: A's 50% against 30% of 40 leads is not yet significant", async () => {
    const { offers } = (await funnel(`${november}&groupBy=offer`)).body;
    const [control, a, b, c] = offers;
    expect(control).toMatchObject({ variant: 'default', leads: 40, paid: 12, rate: 0.3 });
    expect(a).toMatchObject({ variant: 'A', leads: 40, paid: 20, rate: 0.5 });
    // By hand: pooled p = 32/80 = 0.4, SE = sqrt(0.4 x 0.6 x (1/40 + 1/40)) = 0.109545,
    // z = 0.2 / 0.109545 = 1.8257, two-sided p = 0.0679 > 0.05.
    expect(a.comparison.difference).toBeCloseTo(0.2, 10);
    expect(a.comparison.pValue).toBeCloseTo(0.0679, 4);
    expect(a.comparison.verdict).toBe('no-difference');
    expect(a.low).toBeLessThan(0.5);
    expect(a.high).toBeGreaterThan(0.5);
    expect(b).toMatchObject({ leads: 0, paid: 0, rate: null });
    expect(c).toMatchObject({ leads: SMALL_CELL_TEXT, paid: SMALL_CELL_TEXT, rate: null });
    expect(c.comparison).toMatchObject({ difference: null, pValue: null, verdict: 'too-few' });
  });

  it('never shows a count of 1 to 10 people anywhere in the answer', async () => {
    for (const groupBy of ['source', 'medium', 'campaign', 'offer', 'state']) {
      const body = (await funnel(`from=2026-11-01&to=2026-12-31&groupBy=${groupBy}`)).body;
      const counts: unknown[] = [];
      JSON.stringify(body, (key, value: unknown) => {
        if (['people', 'events', 'leads', 'paid', 'approved', 'renewed'].includes(key))
          counts.push(value);
        return value;
      });
      expect(counts.length).toBeGreaterThan(20);
      for (const n of counts)
        expect(n === SMALL_CELL_TEXT || (typeof n === 'number' && (n === 0 || n >= 11))).toBe(true);
    }
  });
});

describe('the CSV export', () => {
  const csv = (query: string) =>
    request(service.app)
      .get(`/api/console/marketing/funnel.csv?${query}`)
      .set(as('marketing'))
      .buffer(true)
      .parse((res, done) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => done(null, text));
      });

  it('downloads each table with the same suppression, formulas written as text', async () => {
    const steps = await csv(`${november}&groupBy=campaign&table=steps`);
    expect(steps.status).toBe(200);
    expect(steps.headers['content-type']).toMatch(/^text\/csv/);
    expect(steps.headers['content-disposition']).toContain(
      'funnel-steps-2026-11-01-to-2026-11-30-by-campaign.csv',
    );
    const lines = (steps.body as string).trim().split('\r\n');
    expect(lines[0]).toBe('campaign,step,detail,label,people,events,amount_usd,conversion_rate');
    expect(lines).toContain('summer,paid,,Paid,32,32,9568.00,0.8000');
    expect(lines).toContain(`"'=HYPERLINK(""x"")",paid,,Paid,<11,<11,<11,`);
    expect(lines).toContain('(all),paid,1,Paid: 1 month,33,,9767.00,');
    expect(lines).toContain('(all),refunded,denied,Refunded: Not approved,11,,3289.00,');

    const groups = (await csv(`${november}&groupBy=campaign&table=groups`)).body as string;
    expect(groups).toContain('summer,9568.00,3289.00,6279.00,0.3438');
    const cohorts = (await csv(`${november}&groupBy=campaign&table=cohorts`)).body as string;
    expect(cohorts).toContain('2026-11-02,83,33,0,<11,0.3976');
    const offers = (await csv(`${november}&groupBy=campaign&table=offers`)).body as string;
    expect(offers).toMatch(
      /\nA,40,20,0\.5000,[\d.]+,[\d.]+,0\.2000,-?[\d.]+,[\d.]+,0\.0679,no-difference\r\n/,
    );
    expect(offers).toContain('B,0,0,,,,,,,,too-few');
    expect(offers).toContain('C,<11,<11,,,,,,,,too-few');
  });
});

describe('bad input', () => {
  it.each([
    [
      'an inverted range',
      'from=2026-11-30&to=2026-11-01&groupBy=source',
      marketingMessages.invertedRange,
    ],
    [
      'a ten-year range',
      'from=2016-11-01&to=2026-11-01&groupBy=source',
      marketingMessages.rangeTooLong,
    ],
    [
      'an unknown grouping',
      `${november}&groupBy=email`,
      'Group by source, medium, campaign, offer, state.',
    ],
    [
      'a date that is not one',
      'from=2026-02-30&to=2026-03-01&groupBy=source',
      'Enter the start date as YYYY-MM-DD.',
    ],
  ])('refuses %s with a 400 that says why', async (_what, query, message) => {
    const res = await funnel(query);
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(message);
  });

  it('refuses a CSV of an unknown table', async () => {
    const res = await request(service.app)
      .get(`/api/console/marketing/funnel.csv?${november}&groupBy=source&table=patients`)
      .set(as('marketing'));
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(marketingMessages.unknownTable);
  });
});

describe('who may read it', () => {
  it.each([
    ['marketing', 200],
    ['admin', 200],
    ['patient', 403],
    ['clinician', 403],
    ['support', 403],
    ['pharmacy', 403],
  ] as const)('answers %s with %i', async (role, status) => {
    expect((await funnel(`${november}&groupBy=source`, role)).status).toBe(status);
    const csvRes = await request(service.app)
      .get(`/api/console/marketing/funnel.csv?${november}&groupBy=source&table=steps`)
      .set(as(role));
    expect(csvRes.status).toBe(status);
  });

  it('refuses a caller with no session', async () => {
    expect(
      (await request(service.app).get(`/api/console/marketing/funnel?${november}&groupBy=source`))
        .status,
    ).toBe(401);
  });
});
