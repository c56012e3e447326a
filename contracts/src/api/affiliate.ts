/**
 * Affiliate conversions in the marketing console (issue 28, spec 001 section 7's
 * call-conversion): per order reported to the affiliate, what it was told and every attempt,
 * with a retry for a failed one. An order is named only by its opaque reference, never by its
 * id, number, patient or product: marketing sees what the affiliate sees. Console paths are ours
 * (BRIEF section 2).
 */
import { z } from 'zod';
import { int, numeric, requiredText, rowId } from './fields';
import { defineRoute } from './route';

/**
 * Where an order's conversion stands: sent (an attempt succeeded), retrying (an attempt is queued
 * or under way), failed (every attempt of its series failed), skipped (no affiliate endpoint was
 * configured, so nothing was sent).
 */
export const affiliateConversionStatuses = ['sent', 'retrying', 'failed', 'skipped'] as const;
export type AffiliateConversionStatus = (typeof affiliateConversionStatuses)[number];

/** How one call ended; null while it is under way. */
export const conversionAttemptOutcomes = ['success', 'unexpected', 'error', 'skipped'] as const;

/** Messages the console shows verbatim. */
export const affiliateMessages = {
  notFound: 'No affiliate conversion has this reference.',
  notFailed: (status: AffiliateConversionStatus) =>
    `This conversion is ${status}: only a failed conversion can be retried.`,
} as const;

export const conversionAttemptSchema = z.object({
  /** Numbered on across retries: 1 to 3, then 4 to 6 after the first retry. */
  number: int(1),
  startedAt: z.iso.datetime(),
  finishedAt: z.iso.datetime().nullable(),
  outcome: z.enum(conversionAttemptOutcomes).nullable(),
  /** The affiliate's HTTP status, when it answered. */
  httpStatus: z.number().int().nullable(),
});
export type ConversionAttempt = z.infer<typeof conversionAttemptSchema>;

export const affiliateConversionSchema = z.object({
  /** The opaque order reference the affiliate received. */
  reference: z.string(),
  c_id: z.string(),
  /** Dollars, as the affiliate received it. */
  amount: z.number(),
  payment_terms: z.number().int(),
  /** When the conversion was first queued. */
  createdAt: z.iso.datetime(),
  status: z.enum(affiliateConversionStatuses),
  /** Oldest first. */
  attempts: z.array(conversionAttemptSchema),
});
export type AffiliateConversion = z.infer<typeof affiliateConversionSchema>;

export const affiliateConversions = defineRoute({
  method: 'get',
  path: '/api/console/marketing/affiliate-conversions',
  service: 'checkout',
  auth: 'staff',
  staffRoles: ['marketing'],
  summary:
    'The orders reported to the affiliate, newest first, a page at a time, each with its status and every attempt; optionally only those of one status.',
  query: z.object({
    page: numeric(rowId()).default(1),
    status: z.enum(affiliateConversionStatuses).optional(),
  }),
  response: z.object({
    status: z.literal('success'),
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
    conversions: z.array(affiliateConversionSchema),
  }),
});

export const retryAffiliateConversion = defineRoute({
  method: 'post',
  path: '/api/console/marketing/affiliate-conversions/:reference/retry',
  service: 'checkout',
  auth: 'staff',
  staffRoles: ['marketing'],
  summary:
    'Queues a new series of attempts for a failed conversion (audited). A sent, retrying or skipped one is refused with nothing changed.',
  params: z.object({ reference: requiredText(64, 'reference is required') }),
  response: z.object({ status: z.literal('success'), conversion: affiliateConversionSchema }),
});
