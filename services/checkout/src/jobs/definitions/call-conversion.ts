/**
 * checkout.call-conversion: one attempt at telling the affiliate of a paid order's conversion;
 * the record, its payload and how an attempt series is queued (the first one, and a retry
 * marketing asks for once a series has failed).
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { jobType, type Executor, type ServiceRuntime, type Tx } from '@clinic/kit';
import { conversions } from '../../db/schema/orders';

export const CALL_CONVERSION_JOB = 'call-conversion';
/** Attempts per series: the first series, and each retry marketing asks for. */
export const CONVERSION_MAX_ATTEMPTS = 3;
export const CONVERSION_TIMEOUT_MS = 10_000;
export const CONVERSION_UNEXPECTED_RETRY_MS = 2_000;

/**
 * Attempts are numbered on through an order's series (1-3, then 4-6 after a retry...), so each
 * keeps its own row and job id; this is its place within its series (1 to 3).
 */
export function attemptInSeries(attempt: number): number {
  return ((attempt - 1) % CONVERSION_MAX_ATTEMPTS) + 1;
}

/** The number of the first attempt of series `series` (1, 4, 7...). */
export function firstAttemptOf(series: number): number {
  return (series - 1) * CONVERSION_MAX_ATTEMPTS + 1;
}

/** The wait before the attempt after `attempt`, by how that attempt ended. */
export function conversionRetryDelayMs(outcome: 'unexpected' | 'error', attempt: number): number {
  return outcome === 'unexpected'
    ? CONVERSION_UNEXPECTED_RETRY_MS
    : 2 ** attemptInSeries(attempt) * 1000;
}

export function conversionJobId(orderId: number, attempt: number): string {
  return `conversion-${orderId}-${attempt}`;
}

/**
 * The conversion record the affiliate receives: `c_id`, `amount` and `payment_terms` as the spec
 * writes them, and `order_reference`, an opaque reference to the order. No name, no product and
 * no user id: a GLP-1 product beside a person is health information (the FTC's Health Breach
 * Notification actions against GoodRx 2023, BetterHelp 2023 and Cerebral 2024). Records queued
 * before that change carry `user_id`, `user_name` and `product_name`, and no reference: zod
 * drops the first three as it parses, and the job finds the reference (see `referenceOf`).
 */
export const conversionRecordSchema = z.object({
  c_id: z.string().min(1),
  order_reference: z.string().min(1).optional(),
  /** Dollars, at most 2 decimals. */
  amount: z.number(),
  payment_terms: z.number().int(),
});
export type ConversionRecord = z.infer<typeof conversionRecordSchema>;

export const callConversionPayload = z.object({
  orderId: z.number().int(),
  attempt: z.number().int().min(1),
  // Carried whole so every attempt of an order sends exactly the same record.
  request: conversionRecordSchema,
});
export type CallConversionPayload = z.infer<typeof callConversionPayload>;

export const callConversion = jobType({
  name: `checkout.${CALL_CONVERSION_JOB}`,
  formerNames: [CALL_CONVERSION_JOB],
  schema: callConversionPayload,
  // Crash recovery only: business retries are separate jobs (see above).
  attempts: 5,
  backoffMs: 2000,
});

export type ConversionOutcome = 'success' | 'unexpected' | 'error' | 'skipped';

/** What checkout knows of a paid order that arrived with an affiliate conversion id. */
export interface ConversionInput {
  orderId: number;
  amountCents: number;
  conversionId: string;
  paymentTerms: number;
}

/**
 * An order's opaque reference: random, made once when its conversion is first queued and kept in
 * `checkout.conversions`. Random rather than an HMAC of the order id: there is no secret to
 * configure, rotate or leak (order ids are small sequential numbers, so anyone holding the key
 * could recompute every reference), and a stored reference stays the same whatever the
 * configuration, across every attempt and retry of the order.
 */
export const newOrderReference = () => `cv_${randomUUID().replaceAll('-', '')}`;

/** The affiliate's side of an order: its `checkout.conversions` row. */
export type Conversion = typeof conversions.$inferSelect;

export function conversionRecord(conversion: Conversion): ConversionRecord {
  return {
    c_id: conversion.cId,
    order_reference: conversion.reference,
    amount: Math.round(conversion.amountCents) / 100,
    payment_terms: conversion.paymentTerms,
  };
}

/**
 * The order's conversion row, made (with its reference) the first time the order is seen; a
 * second call returns the first one's row unchanged, so the reference never changes.
 */
export async function conversionOf(
  executor: Executor,
  input: ConversionInput,
  now: Date,
): Promise<Conversion> {
  const c = conversions;
  await executor
    .insert(c)
    .values({
      orderId: input.orderId,
      reference: newOrderReference(),
      cId: input.conversionId,
      amountCents: input.amountCents,
      paymentTerms: input.paymentTerms,
      createdAt: now,
    })
    .onConflictDoNothing({ target: c.orderId });
  const [row] = await executor.select().from(c).where(eq(c.orderId, input.orderId));
  if (!row) throw new Error(`Conversion of order ${input.orderId} vanished`);
  return row;
}

/**
 * Queues the first attempt of a series (`conversion.series`) of the order's conversion. A second
 * call for the same series is dropped by the queue (same job id) and, should the queue have
 * forgotten the id, by the attempt's row. With `tx`, as part of that transaction (enqueue after
 * commit: only if it commits, never lost once it has).
 */
export async function enqueueConversionSeries(
  runtime: ServiceRuntime,
  conversion: Conversion,
  tx?: Tx,
): Promise<string> {
  const attempt = firstAttemptOf(conversion.series);
  const payload: CallConversionPayload = {
    orderId: conversion.orderId,
    attempt,
    request: conversionRecord(conversion),
  };
  const opts = { jobId: conversionJobId(conversion.orderId, attempt) };
  const job = runtime.queue.job(callConversion);
  return tx ? job.enqueueAfterCommit(tx, payload, opts) : job.enqueue(payload, opts);
}

/** Records the order's conversion (once) and queues its first series. */
export async function enqueueConversion(
  runtime: ServiceRuntime,
  input: ConversionInput,
  tx?: Tx,
): Promise<string> {
  const conversion = await conversionOf(tx ?? runtime.db, input, runtime.clock.now());
  return enqueueConversionSeries(runtime, conversion, tx);
}
