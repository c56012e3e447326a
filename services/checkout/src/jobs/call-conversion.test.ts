/**
 * The call-conversion job and its subscriber, booted on the embedded engines against a real
 * local HTTP server standing in for the affiliate's endpoint. The engines run on a manual clock:
 * the local queue schedules delayed jobs by it, so the retry delays are checked exactly and
 * stepped through instead of slept.
 */
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { asc, eq, sql } from 'drizzle-orm';
import { Router } from 'express';
import { paymentSucceeded, type EventData } from '@clinic/contracts';
import { ManualClock, rows, type ServiceModule, type ServiceRuntime } from '@clinic/kit';
import { startServiceForTest, type ServiceUnderTest, eventually, sleep } from '@clinic/kit/testing';
import { conversionAttempts, conversions } from '../db/schema';
import { paymentSucceededConversionSubscriber } from '../subscribers/payment-succeeded-conversion';
import { callConversionJob } from './call-conversion';
import {
  callConversionPayload,
  conversionJobId,
  type CallConversionPayload,
  type ConversionRecord,
} from './definitions/call-conversion';

type Responder = (res: ServerResponse, req: IncomingMessage) => void;
const json =
  (status: number, body: unknown): Responder =>
  (res) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
const text =
  (status: number, body: string): Responder =>
  (res) => {
    res.writeHead(status, { 'content-type': 'text/plain' });
    res.end(body);
  };
const hang: Responder = () => undefined;
const dropConnection: Responder = (_res, req) => req.socket.destroy();
const success = json(200, { status: 'success' });

/** The affiliate endpoint: answers each c_id from its script, in order, then with success. */
class AffiliateServer {
  readonly received: { cId: string; body: Record<string, unknown> }[] = [];
  private readonly scripts = new Map<string, Responder[]>();
  private server!: Server;
  url = '';

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
        const cId = String(body.c_id);
        this.received.push({ cId, body });
        (this.scripts.get(cId)?.shift() ?? success)(res, req);
      });
    });
    this.server.listen(0, '127.0.0.1');
    await once(this.server, 'listening');
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/api/conversion`;
  }

  script(cId: string, ...answers: Responder[]): void {
    this.scripts.set(cId, answers);
  }

  posts(cId: string) {
    return this.received.filter((r) => r.cId === cId);
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }
}

const TIMEOUT_MS = 300;

function conversionTestModule(endpoint: string): ServiceModule {
  return {
    name: 'checkout',
    migrationsDir: join(__dirname, '..', 'db', 'migrations'),
    build: (runtime) => ({
      router: Router(),
      jobs: [callConversionJob(runtime, { endpoint, timeoutMs: TIMEOUT_MS })],
      subscribers: [paymentSucceededConversionSubscriber(runtime)],
    }),
  };
}

type Paid = EventData<typeof paymentSucceeded>;
const paid = (orderId: number, over: Partial<Paid> = {}): Paid => ({
  kind: 'checkout',
  orderId,
  userId: 7,
  cartId: null,
  transactionId: `txn_${orderId}`,
  amountCents: 19997,
  currency: 'USD',
  paymentTerms: 3,
  productName: 'Semaglutide',
  planId: 'semaglutide-3',
  prescriptionPreauths: [],
  conversionId: `aff-${orderId}`,
  userName: 'Ann',
  supply: [],
  ...over,
});

interface AttemptRow {
  attempt: number;
  c_id: string;
  request: Record<string, unknown>;
  outcome: string | null;
  http_status: number | null;
  detail: string | null;
}

describe('call-conversion', () => {
  const clock = new ManualClock('2026-11-22T12:00:00Z');
  const affiliate = new AffiliateServer();
  let service: ServiceUnderTest;
  let runtime: ServiceRuntime;

  beforeAll(async () => {
    await affiliate.start();
    service = await startServiceForTest(conversionTestModule(affiliate.url), undefined, { clock });
    runtime = service.runtime;
  });
  afterAll(async () => {
    await service?.close();
    await affiliate.stop();
  });

  /** Publishes the event as checkout's payment code would; resolves to the event's id. */
  const publish = (data: Paid) =>
    runtime.transaction(async (_tx, events) => (await events.publish(paymentSucceeded, data)).id);

  /** Waits until the subscriber has handled these events (its inbox records them). */
  const handled = (eventIds: string[]) =>
    eventually(async () => {
      // The inbox is the kit's table: checkout's schema does not declare it.
      const done = await rows<{ event_id: string }>(
        runtime.db,
        sql`select event_id from checkout.inbox where subscriber = 'queue-affiliate-conversion'`,
      );
      expect(done.map((r) => r.event_id)).toEqual(expect.arrayContaining(eventIds));
    });

  const attempts = (orderId: number): Promise<AttemptRow[]> =>
    runtime.db
      .select({
        attempt: conversionAttempts.attempt,
        c_id: conversionAttempts.cId,
        request: conversionAttempts.request,
        outcome: conversionAttempts.outcome,
        http_status: conversionAttempts.httpStatus,
        detail: conversionAttempts.detail,
      })
      .from(conversionAttempts)
      .where(eq(conversionAttempts.orderId, orderId))
      .orderBy(asc(conversionAttempts.attempt));

  /** How long after now (the frozen clock) a queued job is due; null when it isn't queued. */
  async function dueInMs(jobId: string): Promise<number | null> {
    // The job queue is the kit's table: checkout's schema does not declare it.
    const [job] = await rows<{ run_at: string | Date }>(
      runtime.db,
      sql`select run_at from checkout.jobs where id = ${jobId}`,
    );
    return job ? new Date(job.run_at).getTime() - clock.now().getTime() : null;
  }

  /** The order's opaque reference, as stored when its conversion was first queued. */
  async function referenceOf(orderId: number): Promise<string | undefined> {
    const [row] = await runtime.db
      .select({ reference: conversions.reference })
      .from(conversions)
      .where(eq(conversions.orderId, orderId));
    return row?.reference;
  }

  /** Waits for attempt `n` to be stored with an outcome. */
  const attemptFinished = (orderId: number, n: number) =>
    eventually(async () => {
      const stored = await attempts(orderId);
      expect(stored).toHaveLength(n);
      expect(stored[n - 1]?.outcome).not.toBeNull();
    });

  /** Checks the next attempt waits exactly `delayMs` on the clock, then lets it run. */
  async function stepThroughDelay(orderId: number, next: number, delayMs: number): Promise<void> {
    const jobId = conversionJobId(orderId, next);
    await eventually(async () => expect(await dueInMs(jobId)).toBe(delayMs));
    const postsBefore = affiliate.posts(`aff-${orderId}`).length;
    clock.advance(delayMs - 1);
    await sleep(600); // longer than the queue's 250 ms poll: it would have run by now if due
    expect(affiliate.posts(`aff-${orderId}`)).toHaveLength(postsBefore);
    expect(await attempts(orderId)).toHaveLength(next - 1);
    clock.advance(1);
  }

  /** After the last attempt, nothing more is queued or posted however long we wait. */
  async function expectNoMoreAttempts(orderId: number, made: number): Promise<void> {
    clock.advance(60_000);
    await sleep(600);
    expect(affiliate.posts(`aff-${orderId}`)).toHaveLength(made);
    expect(await attempts(orderId)).toHaveLength(made);
    expect(await dueInMs(conversionJobId(orderId, made + 1))).toBeNull();
  }

  it('retries 2 s after an unexpected answer and 2^attempt s after a 5xx, then succeeds', async () => {
    affiliate.script('aff-101', json(200, { status: 'error' }), text(503, 'busy'), success);
    await publish(paid(101));

    await attemptFinished(101, 1);
    await stepThroughDelay(101, 2, 2000); // unexpected answer: 2 s
    await attemptFinished(101, 2);
    await stepThroughDelay(101, 3, 4000); // error on attempt 2: 2^2 s
    await attemptFinished(101, 3);

    const stored = await attempts(101);
    expect(stored.map((a) => [a.attempt, a.outcome, a.http_status])).toEqual([
      [1, 'unexpected', 200],
      [2, 'error', 503],
      [3, 'success', 200],
    ]);
    expect(stored[0]?.detail).toBe('{"status":"error"}');
    expect(stored[1]?.detail).toBe('busy');
    // c_id, an opaque reference, the amount and the terms: no name, no product, no user id.
    const reference = await referenceOf(101);
    expect(reference).toMatch(/^cv_[0-9a-f]{32}$/);
    expect(reference).not.toContain('101');
    const record = {
      c_id: 'aff-101',
      order_reference: reference,
      amount: 199.97,
      payment_terms: 3,
    };
    // Every attempt sends the same record, and stores what it sent.
    expect(affiliate.posts('aff-101').map((p) => p.body)).toEqual([record, record, record]);
    expect(stored.map((a) => a.request)).toEqual([record, record, record]);
    await expectNoMoreAttempts(101, 3);
  });

  it('counts a 5xx, a timeout and a dropped connection as errors and stops after 3 attempts', async () => {
    affiliate.script('aff-102', text(500, 'oops'), hang, dropConnection, success);
    await publish(paid(102));

    await attemptFinished(102, 1);
    await stepThroughDelay(102, 2, 2000); // error on attempt 1: 2^1 s
    await attemptFinished(102, 2);
    await stepThroughDelay(102, 3, 4000); // error on attempt 2: 2^2 s
    await attemptFinished(102, 3);

    const stored = await attempts(102);
    expect(stored.map((a) => [a.attempt, a.outcome, a.http_status])).toEqual([
      [1, 'error', 500],
      [2, 'error', null],
      [3, 'error', null],
    ]);
    expect(stored[1]?.detail).toBe(`No answer within ${TIMEOUT_MS} ms`);
    expect(stored[2]?.detail).toMatch(/fetch failed/);
    await expectNoMoreAttempts(102, 3);
  });

  it('treats a 4xx, a non-JSON 2xx and a 2xx JSON without success as unexpected', async () => {
    affiliate.script('aff-103', text(200, 'OK'), json(404, { status: 'success' }), json(201, {}));
    await publish(paid(103));

    await attemptFinished(103, 1);
    await stepThroughDelay(103, 2, 2000);
    await attemptFinished(103, 2);
    await stepThroughDelay(103, 3, 2000);
    await attemptFinished(103, 3);

    expect((await attempts(103)).map((a) => [a.outcome, a.http_status])).toEqual([
      ['unexpected', 200],
      ['unexpected', 404],
      ['unexpected', 201],
    ]);
    await expectNoMoreAttempts(103, 3);
  });

  it('posts an order once however often its payment event arrives', async () => {
    const twice = [await publish(paid(104)), await publish(paid(104))];
    await handled(twice);
    await attemptFinished(104, 1);
    // A re-run of the finished first attempt (a crash after it) doesn't post again either.
    const job = callConversionJob(runtime, { endpoint: affiliate.url, timeoutMs: TIMEOUT_MS });
    const payload: CallConversionPayload = {
      orderId: 104,
      attempt: 1,
      request: requestOf(104),
    };
    await job.handle(payload, { jobId: conversionJobId(104, 1), attempt: 2 });
    await handled([await publish(paid(104))]);
    await sleep(600);

    expect(affiliate.posts('aff-104')).toHaveLength(1);
    expect((await attempts(104)).map((a) => a.outcome)).toEqual(['success']);
    await expectNoMoreAttempts(104, 1);
  });

  it('reports only first checkouts that came with a conversion id', async () => {
    await handled([
      await publish(paid(105, { kind: 'renewal' })),
      await publish(paid(106, { kind: 'add-on' })),
      await publish(paid(107, { conversionId: null })),
      await publish(paid(108, { conversionId: '  ' })),
    ]);
    await handled([await publish(paid(109))]);
    await attemptFinished(109, 1);
    // The subscriber's enqueue runs just after its transaction: give a wrong one time to land.
    await sleep(300);

    for (const orderId of [105, 106, 107, 108]) {
      expect(await attempts(orderId)).toEqual([]);
      expect(await dueInMs(conversionJobId(orderId, 1))).toBeNull();
    }
    expect(affiliate.received.filter((r) => /^aff-10[5-8]$/.test(r.cId))).toEqual([]);
  });

  it('counts an attempt cut off mid-call as an error and moves on instead of posting it again', async () => {
    await runtime.db.insert(conversionAttempts).values({
      orderId: 110,
      attempt: 1,
      cId: 'aff-110',
      request: sql`'{}'::jsonb`,
      startedAt: clock.now(),
    });
    const job = callConversionJob(runtime, { endpoint: affiliate.url, timeoutMs: TIMEOUT_MS });
    await job.handle(
      { orderId: 110, attempt: 1, request: requestOf(110) },
      { jobId: conversionJobId(110, 1), attempt: 2 },
    );

    const [first] = await attempts(110);
    expect(first?.outcome).toBe('error');
    expect(first?.detail).toBe('Interrupted before its outcome was recorded');
    expect(affiliate.posts('aff-110')).toHaveLength(0);
    await stepThroughDelay(110, 2, 2000);
    await attemptFinished(110, 2);
    expect((await attempts(110)).map((a) => a.outcome)).toEqual(['error', 'success']);
    expect(affiliate.posts('aff-110')).toHaveLength(1);
  });

  it('stores one skipped attempt and sends nothing when no endpoint is configured', async () => {
    const job = callConversionJob(runtime, { endpoint: null });
    await job.handle(
      { orderId: 111, attempt: 1, request: requestOf(111) },
      { jobId: conversionJobId(111, 1), attempt: 1 },
    );

    const stored = await attempts(111);
    expect(stored.map((a) => [a.attempt, a.outcome, a.http_status])).toEqual([
      [1, 'skipped', null],
    ]);
    expect(affiliate.posts('aff-111')).toHaveLength(0);
    expect(await dueInMs(conversionJobId(111, 2))).toBeNull();
  });

  it('sends a job queued with the old record without its name, product or user id', async () => {
    affiliate.script('aff-112', text(503, 'busy'), success);
    // As queued before the change: the spec's six fields, and no reference.
    const queued = {
      orderId: 112,
      attempt: 1,
      request: {
        user_id: 7,
        user_name: 'Ann',
        product_name: 'Semaglutide',
        amount: 199.97,
        c_id: 'aff-112',
        payment_terms: 3,
      },
    };
    // The queue parses a stored payload with the job's schema before handing it over.
    const job = callConversionJob(runtime, { endpoint: affiliate.url, timeoutMs: TIMEOUT_MS });
    await job.handle(callConversionPayload.parse(queued), {
      jobId: conversionJobId(112, 1),
      attempt: 1,
    });
    await attemptFinished(112, 1);
    await stepThroughDelay(112, 2, 2000);
    await attemptFinished(112, 2);

    const reference = await referenceOf(112);
    expect(reference).toMatch(/^cv_[0-9a-f]{32}$/);
    const record = {
      c_id: 'aff-112',
      order_reference: reference,
      amount: 199.97,
      payment_terms: 3,
    };
    // Both attempts, the retry included, send the same reference and nothing about the person.
    expect(affiliate.posts('aff-112').map((p) => p.body)).toEqual([record, record]);
    expect((await attempts(112)).map((a) => [a.outcome, a.request])).toEqual([
      ['error', record],
      ['success', record],
    ]);
  });
});

function requestOf(orderId: number): ConversionRecord {
  return {
    c_id: `aff-${orderId}`,
    order_reference: `cv_test${orderId}`,
    amount: 199.97,
    payment_terms: 3,
  };
}
