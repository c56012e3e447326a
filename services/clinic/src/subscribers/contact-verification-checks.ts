/**
 * Keeps how each patient's phone and email were checked (verification's
 * `contact-verification`: verified with a code, or skipped), for the case view. Idempotent and
 * order-proof: the row of a channel changes only to a newer outcome.
 */
import { lt } from 'drizzle-orm';
import { contactVerification } from '@clinic/contracts';
import { defineSubscriber } from '@clinic/kit';
import { contactChecks } from '../db/schema';

export const contactVerificationChecksSubscriber = defineSubscriber({
  name: 'keep-contact-checks',
  event: contactVerification,
  async handle(data, { tx }) {
    const row = {
      userId: data.userId,
      channel: data.channel,
      outcome: data.outcome,
      at: new Date(data.at),
    };
    await tx
      .insert(contactChecks)
      .values(row)
      .onConflictDoUpdate({
        target: [contactChecks.userId, contactChecks.channel],
        set: { outcome: row.outcome, at: row.at },
        setWhere: lt(contactChecks.at, row.at),
      });
  },
});
