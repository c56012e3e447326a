/**
 * Weekly doses missed in a row (forms' `missed-doses-flagged`) put the case in the waiting queue:
 * after the urgent side-effect reports, among the rest by its 24-hour deadline, until a clinician
 * answers it. Ids, the count and dates only: the dose log is read from forms when the case is
 * opened (audited). Idempotent: one row per order and injection day, and a flag published again
 * never reopens one already answered.
 */
import { missedDosesFlagged } from '@clinic/contracts';
import { defineSubscriber } from '@clinic/kit';
import { missedDoseFlags } from '../db/schema';

export const missedDosesFlaggedQueueSubscriber = defineSubscriber({
  name: 'queue-missed-dose-flags',
  event: missedDosesFlagged,
  async handle(data, { tx }) {
    await tx
      .insert(missedDoseFlags)
      .values({
        orderId: data.orderId,
        dueDay: data.dueDay,
        userId: data.userId,
        missedInARow: data.missedInARow,
        flaggedAt: new Date(data.flaggedAt),
        dueAt: new Date(data.dueAt),
      })
      .onConflictDoNothing();
  },
});
