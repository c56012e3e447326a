/**
 * forms.dose-reminder: the weekly injection reminder at the dose's moment, and the next day's
 * missed-dose follow-up; the payload and how a week's pair is scheduled.
 */
import { z } from 'zod';
import { jobType, type ServiceRuntime, type Tx } from '@clinic/kit';

/** How long after a dose's moment an unlogged dose gets its follow-up. */
export const missedDoseFollowUpMs = 24 * 60 * 60 * 1000;

export const doseReminder = jobType({
  name: 'forms.dose-reminder',
  schema: z.object({
    userId: z.number().int(),
    /** The dose's moment under the injection day it was scheduled for. */
    dueAt: z.iso.datetime(),
    reminder: z.enum(['due', 'missed']),
  }),
  // Only a failing database or identity makes it throw; the checks make a re-run harmless.
  attempts: 5,
  backoffMs: 10_000,
});
export type DoseReminder = z.infer<typeof doseReminder.schema>;

/**
 * Queues a dose's reminder at its moment and the follow-up a day later, to run only if `tx`
 * commits. The job ids name the patient and the moment, so saving the same day twice, or a
 * reminder run twice, queues each once.
 */
export async function scheduleDoseReminders(
  runtime: ServiceRuntime,
  tx: Tx,
  userId: number,
  dueAt: Date,
): Promise<void> {
  const handle = runtime.queue.job(doseReminder);
  const now = runtime.clock.now().getTime();
  for (const reminder of ['due', 'missed'] as const) {
    const at = dueAt.getTime() + (reminder === 'missed' ? missedDoseFollowUpMs : 0);
    await handle.enqueueAfterCommit(
      tx,
      { userId, dueAt: dueAt.toISOString(), reminder },
      {
        jobId: `dose-reminder-${reminder}-${userId}-${dueAt.getTime()}`,
        delayMs: Math.max(0, at - now),
      },
    );
  }
}
