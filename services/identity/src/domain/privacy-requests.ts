import { randomBytes, randomUUID } from 'node:crypto';
import { privacyRequestLimits, type privacyRequestSchema } from '@clinic/contracts';
import type { ServiceRuntime } from '@clinic/kit';
import type { z } from 'zod';
import { privacyRequests } from '../db/schema';
import { privacyRequestEmail } from './privacy-request-email';

/** A request as the contract parsed it: trimmed, email lower-cased, state upper-cased. */
export type PrivacyRequestInput = z.infer<typeof privacyRequestSchema>;

const DAY = 24 * 60 * 60 * 1000;

// Crockford's base32: no I, L, O or U, so a reference read aloud over the phone is unambiguous.
const referenceAlphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** 'PR-' and 8 random characters (40 bits): short enough to read out, too many to guess. */
export function newPrivacyReference(bytes: Buffer = randomBytes(8)): string {
  let code = '';
  for (let i = 0; i < 8; i += 1) code += referenceAlphabet[(bytes[i] ?? 0) % 32];
  return `PR-${code}`;
}

/** The law's deadline: 45 calendar days from receipt (Cal. Civ. Code 1798.130(a)(2)). */
export function privacyResponseDue(receivedAt: Date): Date {
  return new Date(receivedAt.getTime() + privacyRequestLimits.responseDays * DAY);
}

export interface RecordedPrivacyRequest {
  reference: string;
  respondBy: Date;
}

/**
 * Stores the request and emails the requester its reference. The email is queued after the row is
 * committed (the queue may be Redis and cannot join the transaction): a request is never
 * confirmed that was not stored. If the queueing fails the request stands, and the page has
 * already shown its reference.
 */
export async function recordPrivacyRequest(
  runtime: ServiceRuntime,
  request: PrivacyRequestInput,
): Promise<RecordedPrivacyRequest> {
  const receivedAt = runtime.clock.now();
  const respondBy = privacyResponseDue(receivedAt);
  let reference: string | undefined;
  // A clash of two random references is one in a trillion; trying again costs nothing.
  for (let attempt = 0; attempt < 3 && !reference; attempt += 1) {
    const [row] = await runtime.db
      .insert(privacyRequests)
      .values({
        id: randomUUID(),
        reference: newPrivacyReference(),
        requestType: request.request_type,
        name: request.name,
        email: request.email,
        state: request.state,
        details: request.details,
        confirmed: request.confirmed,
        status: 'received',
        receivedAt,
        respondBy,
      })
      .onConflictDoNothing({ target: privacyRequests.reference })
      .returning({ reference: privacyRequests.reference });
    reference = row?.reference;
  }
  if (!reference) throw new Error('Could not allocate a privacy request reference');

  try {
    await runtime.notifier.send(
      privacyRequestEmail({
        to: request.email,
        name: request.name,
        type: request.request_type,
        reference,
        respondBy,
      }),
      { jobId: `privacy-request-${reference}` },
    );
  } catch (err) {
    // The reference only: the requester's name and email stay out of the logs.
    runtime.logger.error({ err, reference }, 'privacy request confirmation could not be queued');
  }
  return { reference, respondBy };
}
