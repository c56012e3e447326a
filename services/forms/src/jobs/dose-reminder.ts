/**
 * Job `forms.dose-reminder`: the weekly injection reminder at the dose's moment (issue 31, item
 * 1), and the next day's follow-up with the label's missed-dose advice when no dose was logged
 * (item 3). A text to a patient who agreed to texts, else an email.
 *
 * Guarantees:
 * - Each run of a 'due' reminder queues the next week's pair from the injection day in force
 *   before it sends, so the chain keeps going across restarts and day changes; the job ids name
 *   the patient and the moment, so nothing is queued or sent twice however often a job runs.
 *   Care that ended (the subscription, a denial or withdrawal) ends the chain; a new order's
 *   first delivery starts it again (subscribers/order-delivered-care.ts).
 * - Sent only for a moment that is still the patient's dose and not logged; the follow-up only
 *   when the week's dose is still not logged.
 * - Two weeks or more missed in a row: the reminder asks the patient to talk to their clinician
 *   before the next dose instead of telling them to take it. The follow-up of the week that makes
 *   it two publishes `missed-doses-flagged` (domain/missed-doses.ts) for the clinician's queue,
 *   before any contact is looked up, so a patient we cannot reach is flagged too, and tells the
 *   patient at once.
 * - A text names no medicine or dose; the email says what to do, as the portal's card does.
 */
import type { IdentityDirectory } from '@clinic/identity-client';
import { defineJob, patientEmail, patientText, textNumber, type ServiceRuntime } from '@clinic/kit';
import type { Care } from '../domain/care';
import { flagMissedWeeks } from '../domain/missed-doses';
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
      // Another order waiting for its delivery re-arms the chain then (order-delivered); care
      // that ended (stopped, or no treatment) ends it.
      if (week.status !== 'scheduled') return;
      // Whatever happened to this moment, the week after it is the setting's: re-armed from the
      // setting (a changed day queued the same job ids, so nothing is queued twice).
      if (job.reminder === 'due' && week.next)
        await runtime.transaction((tx) =>
          scheduleDoseReminders(runtime, tx, job.userId, new Date(week.next!.at)),
        );
      // The day changed since this was queued: this moment is no dose any more.
      if (week.current?.at !== job.dueAt || week.current.logged) return;
      let message: { subject: string; body: string; text: string };
      if (week.missed_dose?.action === 'ask-clinician') {
        // Two weeks or more missed: not "time for your dose" but "wait for your clinician". The
        // follow-up of the week that made it two puts the case in the clinician's queue and
        // tells the patient then; later weeks tell them at their injection day's reminder.
        if (job.reminder === 'missed' && !(await flagMissedWeeks(runtime, job.userId, week)))
          return;
        message = {
          subject: 'Please talk to your clinician before your next dose',
          body: `${week.missed_dose.text}\n\n${portal}`,
          text: `Please message your clinician before your next dose: ${portal}`,
        };
      } else if (job.reminder === 'due') {
        message = {
          subject: 'Today is your injection day',
          body: `It is time for this week's dose. Open the "This week" card in your patient portal for your dose, the steps and where to inject, then tap "I took my dose": ${portal}`,
          text: `Today is your weekly dose day. Your steps and log: ${portal}`,
        };
      } else {
        if (!week.missed_dose) return;
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
