/**
 * checkout.call-conversion: one attempt at telling the affiliate of a paid order's conversion;
 * the record, its payload and how a first attempt is queued.
 */
import { z } from 'zod';
import { jobType, type ServiceRuntime, type Tx } from '@clinic/kit';

export const CALL_CONVERSION_JOB = 'call-conversion';
export const CONVERSION_MAX_ATTEMPTS = 3;
export const CONVERSION_TIMEOUT_MS = 10_000;
export const CONVERSION_UNEXPECTED_RETRY_MS = 2_000;

/** The wait before the attempt after `attempt`, by how that attempt ended. */
export function conversionRetryDelayMs(outcome: 'unexpected' | 'error', attempt: number): number {
  return outcome === 'unexpected' ? CONVERSION_UNEXPECTED_RETRY_MS : 2 ** attempt * 1000;
}

export function conversionJobId(orderId: number, attempt: number): string {
  return `conversion-${orderId}-${attempt}`;
}

/** The conversion record the affiliate receives, field names as the spec writes them. */
export const conversionRecordSchema = z.object({
  user_id: z.number().int().nullable(),
  user_name: z.string().nullable(),
  product_name: z.string(),
  /** Dollars, at most 2 decimals. */
  amount: z.number(),
  c_id: z.string().min(1),
  payment_terms: z.number().int(),
});
export type ConversionRecord = z.infer<typeof conversionRecordSchema>;

export const callConversionPayload = z.object({
  orderId: z.number().int(),
  attempt: z.number().int().min(1).max(CONVERSION_MAX_ATTEMPTS),
  // Carried whole so an attempt never depends on rows another transaction may not have
  // committed yet, and every attempt of an order sends exactly the same record.
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
  userId: number | null;
  userName: string | null;
  productName: string;
  amountCents: number;
  conversionId: string;
  paymentTerms: number;
}

export function conversionRecord(input: ConversionInput): ConversionRecord {
  return {
    user_id: input.userId,
    user_name: input.userName,
    product_name: input.productName,
    amount: Math.round(input.amountCents) / 100,
    c_id: input.conversionId,
    payment_terms: input.paymentTerms,
  };
}

/**
 * Queues the first attempt of an order's conversion; a second call for the same order is dropped
 * by the queue (same job id) and, should the queue have forgotten the id, by the attempt's row.
 * With `tx`, as part of that transaction (enqueue after commit: only if it commits, never lost
 * once it has).
 */
export async function enqueueConversion(
  runtime: ServiceRuntime,
  input: ConversionInput,
  tx?: Tx,
): Promise<string> {
  const payload: CallConversionPayload = {
    orderId: input.orderId,
    attempt: 1,
    request: conversionRecord(input),
  };
  const opts = { jobId: conversionJobId(input.orderId, 1) };
  const job = runtime.queue.job(callConversion);
  return tx ? job.enqueueAfterCommit(tx, payload, opts) : job.enqueue(payload, opts);
}
