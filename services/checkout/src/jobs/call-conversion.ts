/**
 * Job `call-conversion`: reports a paid checkout to the affiliate's conversion endpoint
 * (spec 001 section 7) as `{c_id, order_reference, amount, payment_terms}`: no name, no product,
 * no user id (definitions/call-conversion.ts says why).
 *
 * Guarantees:
 * - At most 3 attempts per series, and at most one POST per attempt: each attempt first claims
 *   its (order, attempt) row in `checkout.conversion_attempts`, so a re-run job or a redelivered
 *   event that finds the row never calls again. A series is the first one, or a retry marketing
 *   asked for after one failed; attempts are numbered on across series (4 to 6 for the second).
 * - Only a 2xx JSON answer with `status: "success"` is a success. Any other answer is
 *   `unexpected` and retried after 2 s; a network error, a timeout (10 s by default) or a 5xx is
 *   an `error` and retried after 2^n s, n the attempt's place in its series (2 s after the
 *   first, 4 s after the second).
 * - Each retry is a new job `conversion-<orderId>-<attempt>` enqueued with its delay: the
 *   queue's own doubling backoff can't express two schedules, so it only covers crashes of this
 *   handler (a database failure), and a crash re-run picks up where the attempt stopped.
 * - A job queued before records carried a reference (with a name and product instead) sends the
 *   new record: the old fields are dropped by the payload's schema, the order's reference added.
 * - Every attempt and its outcome is stored for marketing; nothing here ever reaches the patient.
 * - With no endpoint configured, one `skipped` attempt is stored and nothing is sent.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { defineJob, type ServiceRuntime } from '@clinic/kit';
import { conversionAttempts } from '../db/schema';
import {
  CONVERSION_MAX_ATTEMPTS,
  CONVERSION_TIMEOUT_MS,
  attemptInSeries,
  conversionOf,
  conversionRetryDelayMs,
  conversionJobId,
  type ConversionRecord,
  type CallConversionPayload,
  callConversion,
  type ConversionOutcome,
} from './definitions/call-conversion';

interface CallResult {
  outcome: Exclude<ConversionOutcome, 'skipped'>;
  httpStatus: number | null;
  detail: string | null;
}

/** Stored answers are for reading, not archiving: a huge error page would only bloat the table. */
const DETAIL_MAX = 500;
const clip = (text: string) => (text.length > DETAIL_MAX ? `${text.slice(0, DETAIL_MAX)}…` : text);

function errorText(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  // fetch reports every network failure as "fetch failed"; the cause says which one.
  const cause = err.cause instanceof Error ? ` (${err.cause.message})` : '';
  return `${err.name}: ${err.message}${cause}`;
}

async function postConversion(
  fetchImpl: typeof fetch,
  endpoint: string,
  record: ConversionRecord,
  timeoutMs: number,
): Promise<CallResult> {
  const controller = new AbortController();
  // One deadline for the whole exchange: an endpoint that sends headers then stalls the body
  // is as stuck as one that never answers.
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const res = await fetchImpl(endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(record),
      signal: controller.signal,
    });
    const text = await res.text();
    const detail = text === '' ? null : clip(text);
    if (res.status >= 500) return { outcome: 'error', httpStatus: res.status, detail };
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    const success =
      res.ok &&
      typeof body === 'object' &&
      body !== null &&
      (body as { status?: unknown }).status === 'success';
    return { outcome: success ? 'success' : 'unexpected', httpStatus: res.status, detail };
  } catch (err) {
    if (controller.signal.aborted)
      return { outcome: 'error', httpStatus: null, detail: `No answer within ${timeoutMs} ms` };
    return { outcome: 'error', httpStatus: null, detail: clip(errorText(err)) };
  } finally {
    clearTimeout(timer);
  }
}

export interface CallConversionOptions {
  /** The affiliate's conversion URL; null when not configured (attempts are stored as skipped). */
  endpoint: string | null;
  fetchImpl?: typeof fetch;
  timeoutMs?: number;
}

export function callConversionJob(runtime: ServiceRuntime, opts: CallConversionOptions) {
  const fetchImpl = opts.fetchImpl ?? fetch;
  const timeoutMs = opts.timeoutMs ?? CONVERSION_TIMEOUT_MS;
  const { db } = runtime;

  /** Inserts the attempt's row; false when it already exists (this attempt ran before). */
  async function claim(payload: CallConversionPayload): Promise<boolean> {
    const a = conversionAttempts;
    const claimed = await db
      .insert(a)
      .values({
        orderId: payload.orderId,
        attempt: payload.attempt,
        cId: payload.request.c_id,
        request: payload.request,
        startedAt: runtime.clock.now(),
      })
      .onConflictDoNothing({ target: [a.orderId, a.attempt] })
      .returning({ id: a.id });
    return claimed.length > 0;
  }

  async function finish(
    payload: CallConversionPayload,
    result: { outcome: ConversionOutcome; httpStatus: number | null; detail: string | null },
  ): Promise<void> {
    const a = conversionAttempts;
    await db
      .update(a)
      .set({
        outcome: result.outcome,
        httpStatus: result.httpStatus,
        detail: result.detail,
        finishedAt: runtime.clock.now(),
      })
      .where(
        and(eq(a.orderId, payload.orderId), eq(a.attempt, payload.attempt), isNull(a.outcome)),
      );
  }

  /**
   * The outcome of an attempt that already has a row. One left without an outcome was cut off
   * mid-call (a crash, or the database failing after the call): whether the affiliate got it is
   * unknown, exactly as with a timeout, so it counts as an error rather than being posted again.
   */
  async function outcomeOfEarlierRun(payload: CallConversionPayload): Promise<ConversionOutcome> {
    await finish(payload, {
      outcome: 'error',
      httpStatus: null,
      detail: 'Interrupted before its outcome was recorded',
    });
    const a = conversionAttempts;
    const [row] = await db
      .select({ outcome: a.outcome })
      .from(a)
      .where(and(eq(a.orderId, payload.orderId), eq(a.attempt, payload.attempt)));
    // Never null here: `finish` just gave it one if it had none.
    if (!row || row.outcome === null)
      throw new Error(`Conversion attempt ${payload.attempt} of ${payload.orderId} vanished`);
    return row.outcome;
  }

  /** Enqueues the next attempt; idempotent by job id, so a crash re-run may call it again. */
  async function scheduleNext(
    payload: CallConversionPayload,
    outcome: ConversionOutcome,
  ): Promise<void> {
    if (outcome === 'success' || outcome === 'skipped') return;
    const log = { orderId: payload.orderId, cId: payload.request.c_id, attempt: payload.attempt };
    if (attemptInSeries(payload.attempt) >= CONVERSION_MAX_ATTEMPTS) {
      runtime.logger.warn({ ...log, outcome }, 'conversion not reported: attempts exhausted');
      return;
    }
    const next = payload.attempt + 1;
    await runtime.queue.job(callConversion).enqueue(
      { ...payload, attempt: next },
      {
        delayMs: conversionRetryDelayMs(outcome, payload.attempt),
        jobId: conversionJobId(payload.orderId, next),
      },
    );
  }

  /** The payload with its order's reference: one queued before references existed has none. */
  async function withReference(payload: CallConversionPayload): Promise<CallConversionPayload> {
    if (payload.request.order_reference !== undefined) return payload;
    const { c_id, amount, payment_terms } = payload.request;
    const conversion = await conversionOf(
      db,
      {
        orderId: payload.orderId,
        conversionId: c_id,
        amountCents: Math.round(amount * 100),
        paymentTerms: payment_terms,
      },
      runtime.clock.now(),
    );
    return { ...payload, request: { ...payload.request, order_reference: conversion.reference } };
  }

  return defineJob({
    ...callConversion,
    async handle(queued) {
      const payload = await withReference(queued);
      if (!(await claim(payload))) {
        await scheduleNext(payload, await outcomeOfEarlierRun(payload));
        return;
      }
      if (opts.endpoint === null) {
        await finish(payload, {
          outcome: 'skipped',
          httpStatus: null,
          detail: 'No conversion endpoint is configured',
        });
        return;
      }
      const result = await postConversion(fetchImpl, opts.endpoint, payload.request, timeoutMs);
      await finish(payload, result);
      runtime.logger[result.outcome === 'success' ? 'info' : 'warn'](
        {
          orderId: payload.orderId,
          cId: payload.request.c_id,
          attempt: payload.attempt,
          outcome: result.outcome,
          httpStatus: result.httpStatus,
        },
        'conversion call finished',
      );
      await scheduleNext(payload, result.outcome);
    },
  });
}
