/**
 * Marketing's affiliate conversions on a checkout service booted once, its affiliate endpoint a
 * local HTTP server: a paid order with a c_id listed by its opaque reference; each status derived
 * from arranged attempts; paging and the status filter; the retry of a failed conversion (only a
 * failed one, audited, once however often it is pressed); and who may call.
 */
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import request from 'supertest';
import {
  affiliateConversionsPageSize,
  affiliateMessages,
  type AffiliateConversion,
  type Principal,
  type Role,
} from '@clinic/contracts';
import { eventually, testPrincipal } from '@clinic/kit/testing';
import { conversionAttempts, conversions } from '../db/schema';
import { conversionJobId, type ConversionOutcome } from '../jobs/definitions/call-conversion';
import { startCheckout, type CheckoutHarness } from '../testing/checkout-harness';

const LIST = '/api/console/marketing/affiliate-conversions';
const retryPath = (reference: string) => `${LIST}/${reference}/retry`;

/** Every c_id posted to the affiliate, with its body; answers success. */
const posted: Record<string, unknown>[] = [];
let affiliate: Server;
let h: CheckoutHarness;

const staff = (role: Exclude<Role, 'patient'>, userId = 9000) =>
  testPrincipal({ userId, role, sessionId: `staff-${role}-${userId}` });
const marketing = staff('marketing', 9001);

beforeAll(async () => {
  affiliate = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      posted.push(JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ status: 'success' }));
    });
  });
  affiliate.listen(0, '127.0.0.1');
  await once(affiliate, 'listening');
  const { port } = affiliate.address() as AddressInfo;
  h = await startCheckout({ affiliateConversionUrl: `http://127.0.0.1:${port}/conversion` });
});
afterAll(async () => {
  await h?.close();
  affiliate.closeAllConnections();
  await new Promise((resolve) => affiliate.close(resolve));
});

const get = (path: string, as?: Principal) =>
  request(h.service.app)
    .get(path)
    .set(as ? h.service.as(as) : {});
const post = (path: string, as?: Principal) =>
  request(h.service.app)
    .post(path)
    .set(as ? h.service.as(as) : {})
    .send({});

/** Arranges an order's conversion and its attempts' outcomes, as the job would have left them. */
async function arrange(
  orderId: number,
  outcomes: (ConversionOutcome | null)[],
  opts: { series?: number; minutesAgo?: number } = {},
): Promise<string> {
  const reference = `cv_${orderId.toString(16).padStart(32, '0')}`;
  const createdAt = new Date(h.clock.now().getTime() - (opts.minutesAgo ?? 0) * 60_000);
  await h.db.insert(conversions).values({
    orderId,
    reference,
    cId: `aff-${orderId}`,
    amountCents: 80995,
    paymentTerms: 6,
    series: opts.series ?? 1,
    createdAt,
  });
  const request = {
    c_id: `aff-${orderId}`,
    order_reference: reference,
    amount: 809.95,
    payment_terms: 6,
  };
  for (const [i, outcome] of outcomes.entries())
    await h.db.insert(conversionAttempts).values({
      orderId,
      attempt: i + 1,
      cId: `aff-${orderId}`,
      request,
      outcome,
      httpStatus: outcome === 'success' ? 200 : outcome === 'error' ? 503 : null,
      detail: outcome === 'error' ? 'Service Unavailable: affiliate down' : null,
      startedAt: createdAt,
      finishedAt: outcome === null ? null : createdAt,
    });
  return reference;
}

async function listed(query = ''): Promise<AffiliateConversion[]> {
  const res = await get(`${LIST}${query}`, marketing);
  expect(res.status).toBe(200);
  return res.body.conversions as AffiliateConversion[];
}
const byReference = async (reference: string) =>
  (await listed('?page=1')).find((c) => c.reference === reference) ??
  (await listed('?page=2')).find((c) => c.reference === reference);

const jobsWithId = async (id: string) =>
  (await h.query<{ id: string }>(sql`select id from checkout.jobs where id = ${id}`)).length;
const auditLines = (reference: string) =>
  h.query<{
    staff_id: number;
    staff_name: string | null;
    staff_role: string;
    action: string;
    subject: string;
  }>(
    sql`select staff_id, staff_name, staff_role, action, subject from checkout.audit_trail
      where subject = ${reference}`,
  );

describe('the list', () => {
  it('lists a paid order that came with a c_id by its opaque reference, once sent', async () => {
    const patient = h.patient(4101);
    const cartId = await h.saveCart({ as: patient });
    expect((await h.pay(cartId, { c_id: 'aff-paid' }, { as: patient })).status).toBe(200);
    const paid = async () => (await listed()).find((c) => c.c_id === 'aff-paid');
    await eventually(async () => expect((await paid())?.status).toBe('sent'));
    const conversion = (await paid())!;
    expect(conversion).toEqual({
      reference: expect.stringMatching(/^cv_[0-9a-f]{32}$/),
      c_id: 'aff-paid',
      amount: 1349.82,
      payment_terms: 6,
      createdAt: h.clock.now().toISOString(),
      status: 'sent',
      attempts: [
        {
          number: 1,
          startedAt: h.clock.now().toISOString(),
          finishedAt: h.clock.now().toISOString(),
          outcome: 'success',
          httpStatus: 200,
        },
      ],
    });
    // What the affiliate got is what marketing sees: nothing about the person or the product.
    expect(posted.filter((p) => p.c_id === 'aff-paid')).toEqual([
      {
        c_id: 'aff-paid',
        order_reference: conversion.reference,
        amount: 1349.82,
        payment_terms: 6,
      },
    ]);
  });

  it('derives sent, retrying, failed and skipped from the attempts', async () => {
    const cases: [string, (ConversionOutcome | null)[], number, string][] = [
      ['sent after a failure', ['error', 'success'], 1, 'sent'],
      ['waiting for attempt 2', ['unexpected'], 1, 'retrying'],
      ['attempt 2 under way', ['error', null], 1, 'retrying'],
      ['first attempt queued', [], 1, 'retrying'],
      ['three attempts failed', ['error', 'unexpected', 'error'], 1, 'failed'],
      ['a retry queued after three failures', ['error', 'error', 'error'], 2, 'retrying'],
      ['no endpoint configured', ['skipped'], 1, 'skipped'],
    ];
    const references: string[] = [];
    for (const [i, [, outcomes, series]] of cases.entries())
      references.push(await arrange(5001 + i, outcomes, { series, minutesAgo: 10 + i }));
    const all = await listed();
    for (const [i, [name, , , status]] of cases.entries()) {
      const found = all.find((c) => c.reference === references[i]);
      expect([name, found?.status]).toEqual([name, status]);
    }
    const failed = all.find((c) => c.reference === references[4])!;
    expect(failed.attempts.map((a) => [a.number, a.outcome, a.httpStatus])).toEqual([
      [1, 'error', 503],
      [2, 'unexpected', null],
      [3, 'error', 503],
    ]);
    // No answer body: the affiliate's text may echo anything.
    expect(JSON.stringify(all)).not.toContain('affiliate down');
  });

  it('pages newest first and filters by status', async () => {
    for (let i = 0; i < 25; i += 1) await arrange(6001 + i, ['skipped'], { minutesAgo: 100 + i });
    const first = await get(`${LIST}`, marketing);
    expect(first.body).toMatchObject({ page: 1, pageSize: affiliateConversionsPageSize });
    const total = first.body.total as number;
    expect(total).toBe(1 + 7 + 25);
    const second = await get(`${LIST}?page=2`, marketing);
    const pages = [...first.body.conversions, ...second.body.conversions] as AffiliateConversion[];
    expect(first.body.conversions).toHaveLength(25);
    expect(pages).toHaveLength(total);
    const times = pages.map((c) => Date.parse(c.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(pages.at(-1)?.c_id).toBe('aff-6025');

    const skipped = await get(`${LIST}?status=skipped&page=2`, marketing);
    expect(skipped.body.total).toBe(26);
    expect(skipped.body.conversions.map((c: AffiliateConversion) => c.c_id)).toEqual(['aff-6025']);
    const failed = await listed('?status=failed');
    expect(failed.map((c) => c.c_id)).toEqual(['aff-5005']);
  });

  it('refuses a bad page or status with a 400', async () => {
    for (const query of ['?page=0', '?page=-1', '?page=abc', '?page=1.5', '?status=lost'])
      expect([query, (await get(`${LIST}${query}`, marketing)).status]).toEqual([query, 400]);
    const res = await get(`${LIST}?status=lost`, marketing);
    expect(res.body.status).toBe('error');
    expect(res.body.fields?.[0]?.field).toBe('status');
  });
});

describe('the retry', () => {
  it('queues a new series for a failed conversion, audited, and sends the same reference', async () => {
    const reference = await arrange(7001, ['error', 'error', 'unexpected']);
    const res = await post(retryPath(reference), marketing);
    expect(res.status).toBe(200);
    expect(res.body.conversion).toMatchObject({ reference, status: 'retrying' });
    expect(await auditLines(reference)).toEqual([
      {
        staff_id: 9001,
        staff_name: 'Morgan Marketing',
        staff_role: 'marketing',
        action: 'affiliate-conversion.retry',
        subject: reference,
      },
    ]);
    await eventually(async () => expect((await byReference(reference))?.status).toBe('sent'));
    const sent = (await byReference(reference))!;
    expect(sent.attempts.map((a) => [a.number, a.outcome])).toEqual([
      [1, 'error'],
      [2, 'error'],
      [3, 'unexpected'],
      [4, 'success'],
    ]);
    expect(posted.filter((p) => p.c_id === 'aff-7001')).toEqual([
      { c_id: 'aff-7001', order_reference: reference, amount: 809.95, payment_terms: 6 },
    ]);
  });

  it('refuses a sent, retrying or skipped conversion, changing nothing', async () => {
    const cases: [(ConversionOutcome | null)[], string][] = [
      [['success'], 'sent'],
      [['error'], 'retrying'],
      [['skipped'], 'skipped'],
    ];
    for (const [i, [outcomes, status]] of cases.entries()) {
      const orderId = 7101 + i;
      const reference = await arrange(orderId, outcomes);
      const res = await post(retryPath(reference), marketing);
      expect([status, res.status, res.body.message]).toEqual([
        status,
        400,
        affiliateMessages.notFailed(status as 'sent'),
      ]);
      const [row] = await h.db
        .select({ series: conversions.series })
        .from(conversions)
        .where(eq(conversions.orderId, orderId));
      expect(row?.series).toBe(1);
      expect(await auditLines(reference)).toEqual([]);
      expect(await jobsWithId(conversionJobId(orderId, outcomes.length + 1))).toBe(0);
      expect(await jobsWithId(conversionJobId(orderId, 4))).toBe(0);
    }
  });

  it('answers 404 for an unknown reference', async () => {
    const res = await post(retryPath('cv_nosuchreference'), marketing);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(affiliateMessages.notFound);
  });

  it('queues one series when retry is pressed twice at once', async () => {
    const reference = await arrange(7201, ['error', 'error', 'error']);
    const answers = await Promise.all([
      post(retryPath(reference), marketing),
      post(retryPath(reference), staff('admin', 9002)),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    expect(await auditLines(reference)).toHaveLength(1);
    const [row] = await h.db
      .select({ series: conversions.series })
      .from(conversions)
      .where(eq(conversions.orderId, 7201));
    expect(row?.series).toBe(2);
    await eventually(async () => expect((await byReference(reference))?.status).toBe('sent'));
    expect(posted.filter((p) => p.c_id === 'aff-7201')).toHaveLength(1);
    expect(await jobsWithId(conversionJobId(7201, 7))).toBe(0);
  });
});

describe('who may call', () => {
  it('lets marketing and admins in, refuses patients and other staff, and asks for a login', async () => {
    const reference = await arrange(8001, ['error', 'error', 'error']);
    const callers: [string, Principal | undefined, number][] = [
      ['nobody', undefined, 401],
      ['patient', h.patient(8002), 403],
      ['clinician', staff('clinician'), 403],
      ['support', staff('support'), 403],
      ['pharmacy', staff('pharmacy'), 403],
      ['marketing', marketing, 200],
      ['admin', staff('admin', 9003), 200],
    ];
    for (const [who, as, status] of callers)
      expect([who, (await get(LIST, as)).status]).toEqual([who, status]);
    for (const [who, as, status] of callers.slice(0, 5)) {
      expect([who, (await post(retryPath(reference), as)).status]).toEqual([who, status]);
    }
    expect(await auditLines(reference)).toEqual([]);
    expect((await byReference(reference))?.status).toBe('failed');
  });
});
