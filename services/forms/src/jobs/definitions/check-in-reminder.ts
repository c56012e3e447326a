/**
 * forms.check-in-reminder: the reminders of a refill check-in not done 3 days and 1 day before
 * its shipment's date, and on the day the word to support that it was missed; the payload and
 * how they are queued with the check-in's opening.
 */
import { z } from 'zod';
import { jobType, type ServiceRuntime, type Tx } from '@clinic/kit';

/**
 * Days before the shipment's date a check-in still open is reminded; on the day itself (0) one
 * still open is missed, and support is told instead.
 */
export const checkInReminderDays = [3, 1, 0] as const;

export const checkInReminder = jobType({
  name: 'forms.check-in-reminder',
  schema: z.object({
    orderId: z.number().int(),
    userId: z.number().int(),
    /** The shipment's date the check-in was opened for. */
    shipOn: z.iso.datetime(),
    daysBefore: z.number().int(),
  }),
  attempts: 5,
  backoffMs: 10_000,
});
export type CheckInReminder = z.infer<typeof checkInReminder.schema>;

/** Queues the reminders still ahead, to run only if `tx` commits; once per check-in and day. */
export async function scheduleCheckInReminders(
  runtime: ServiceRuntime,
  tx: Tx,
  checkIn: { orderId: number; userId: number; shipOn: Date },
): Promise<void> {
  const now = runtime.clock.now().getTime();
  for (const daysBefore of checkInReminderDays) {
    const at = checkIn.shipOn.getTime() - daysBefore * 24 * 60 * 60 * 1000;
    if (at <= now) continue;
    await runtime.queue.job(checkInReminder).enqueueAfterCommit(
      tx,
      { ...checkIn, shipOn: checkIn.shipOn.toISOString(), daysBefore },
      {
        jobId: `check-in-reminder-${checkIn.orderId}-${checkIn.shipOn.getTime()}-${daysBefore}`,
        delayMs: at - now,
      },
    );
  }
}
