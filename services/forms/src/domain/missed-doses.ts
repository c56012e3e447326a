/**
 * Weeks missed in a row, for the clinician (issue 31, item 3): when a patient's unlogged doses
 * reach `missedWeeksBeforeRestartReview` weeks in a row, the patient is told not to restart on
 * their own (rules/missed-dose), and the case is published as `missed-doses-flagged` for the
 * clinic's queue, with the clinician's 24-hour deadline.
 * Guarantees:
 * - only for the week that makes the streak reach the threshold exactly: its later weeks publish
 *   nothing, and a logged dose ends the streak (the next one is flagged on its own day);
 * - published through the outbox in its own transaction; a re-run publishes the same order and
 *   due day again, which the clinic keeps once;
 * - ids, the count and dates only: nothing the patient logged or answered.
 */
import {
  missedDosesFlagged,
  missedDosesReviewHours,
  missedWeeksBeforeRestartReview,
  type ThisWeek,
} from '@clinic/contracts';
import type { ServiceRuntime } from '@clinic/kit';

const hour = 3_600_000;

/**
 * Publishes the flag when `week`, read at its missed dose's follow-up, is the one that made the
 * streak reach the threshold. Answers whether it did.
 */
export async function flagMissedWeeks(
  runtime: ServiceRuntime,
  userId: number,
  week: ThisWeek,
): Promise<boolean> {
  const { current, order_id: orderId } = week;
  if (
    week.status !== 'scheduled' ||
    orderId === null ||
    !current ||
    current.logged ||
    week.missed_dose?.action !== 'ask-clinician' ||
    week.missed_in_a_row !== missedWeeksBeforeRestartReview
  )
    return false;
  const now = runtime.clock.now();
  await runtime.transaction((_tx, events) =>
    events.publish(missedDosesFlagged, {
      orderId,
      userId,
      missedInARow: week.missed_in_a_row,
      dueDay: current.day,
      flaggedAt: now.toISOString(),
      dueAt: new Date(now.getTime() + missedDosesReviewHours * hour).toISOString(),
    }),
  );
  return true;
}
