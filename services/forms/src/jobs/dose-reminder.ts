/**
 * Job `forms.dose-reminder`: the weekly injection reminder at the dose's moment (issue 31, item
 * 1), and the next day's follow-up with the label's missed-dose advice when no dose was logged
 * (item 3). A text to a patient who agreed to texts, else an email.
 *
 * Guarantees:
 * - Each run of a 'due' reminder queues the next week's pair before it sends, so the chain keeps
 *   going across restarts; the job ids name the patient and the moment, so nothing is queued or
 *   sent twice however often a job runs.
 * - Sent only while the patient's care is scheduled and the moment is still their injection
 *   day's: after the subscription ended, the order was denied or withdrawn, or the day was
 *   changed (which starts its own chain), it sends nothing and queues nothing.
 * - The follow-up goes only when the week's dose is still not logged.
 * - A text names no medicine or dose; the email says what to do, as the portal's card does.
 */
import type { IdentityDirectory } from '@clinic/identity-client';
import { defineJob, patientEmail, patientText, textNumber, type ServiceRuntime } from '@clinic/kit';
import type { Care } from '../domain/care';
import { doseReminder, scheduleDoseReminders } from './definitions/dose-reminder';

export function doseReminderJob(
  runtime: ServiceRuntime,
  identity: IdentityDirectory,
  care: Care,
  publicUrl: string,
) {
  const portal = `${publicUrl.replace(/\/+$/, '')}/home`;
  return defineJob({
    ...doseReminder,
    async handle(job, { jobId }) {
      const week = await care.thisWeek(job.userId);
      if (week.status !== 'scheduled' || week.current?.at !== job.dueAt) return;
      let message: { subject: string; body: string; text: string };
      if (job.reminder === 'due') {
        if (week.next)
          await runtime.transaction((tx) =>
            scheduleDoseReminders(runtime, tx, job.userId, new Date(week.next!.at)),
          );
        if (week.current.logged) return;
        message = {
          subject: 'Today is your injection day',
          body: `It is time for this week's dose. Open the "This week" card in your patient portal for your dose, the steps and where to inject, then tap "I took my dose": ${portal}`,
          text: `Today is your weekly dose day. Your steps and log: ${portal}`,
        };
      } else {
        if (week.current.logged || !week.missed_dose) return;
        message = {
          subject: 'We have not seen this week’s dose',
          body: `If you took it, log it on the "This week" card of your patient portal. If you did not: ${week.missed_dose.text}\n\n${portal}`,
          text: `Did you take your weekly dose? Log it or see what to do now: ${portal}`,
        };
      }
      // Outside any transaction: identity may share the embedded database's one connection.
      const contact = await identity.patientContact(job.userId);
      if (!contact) return;
      const number = textNumber(contact);
      await runtime.notifier.send(
        number ? patientText(number, message.text) : patientEmail(contact, message),
        { jobId: `sent-${jobId}` },
      );
    },
  });
}
