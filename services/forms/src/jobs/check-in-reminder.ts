/**
 * Job `forms.check-in-reminder`: a refill check-in still not done 3 days and 1 day before its
 * shipment's date gets a reminder (issue 31, item 5): a text to a patient who agreed to texts,
 * else an email, with the link to the check-in. One still not done on the day itself is missed:
 * `refill-check-in-missed` puts the patient's conversation in support's inbox (the chat's
 * subscriber keeps one line per check-in, however often it is published).
 *
 * Guarantees:
 * - Queued with the check-in's opening (the subscriber's inbox transaction), so it exists if and
 *   only if that committed; the job ids name the order, the date and the day, so each is sent once.
 * - Sent only while that check-in is still open: the order still waits for its refill form and
 *   for the same shipment date, and its subscription has not ended. A check-in sent, a cancelled,
 *   denied or withdrawn order, or a later check-in, get nothing.
 * - Nothing medical: the order, the date and the link.
 */
import { and, eq } from 'drizzle-orm';
import { clinicTimeZone, formatUsDate, orderNumber, refillCheckInMissed } from '@clinic/contracts';
import type { IdentityDirectory } from '@clinic/identity-client';
import { defineJob, patientEmail, patientText, textNumber, type ServiceRuntime } from '@clinic/kit';
import { orders } from '../db/schema';
import { checkInReminder } from './definitions/check-in-reminder';

export function checkInReminderJob(
  runtime: ServiceRuntime,
  identity: IdentityDirectory,
  publicUrl: string,
) {
  return defineJob({
    ...checkInReminder,
    async handle(job, { jobId }) {
      const [order] = await runtime.db
        .select()
        .from(orders)
        .where(and(eq(orders.orderId, job.orderId), eq(orders.userId, job.userId)));
      if (
        !order ||
        order.status !== 'pending_approval' ||
        order.careStoppedAt !== null ||
        order.refillShipOn?.toISOString() !== job.shipOn
      )
        return;
      if (job.daysBefore === 0) {
        // Missed: support reaches out (the chat opens the patient's conversation in its inbox).
        await runtime.transaction((_tx, events) =>
          events.publish(refillCheckInMissed, {
            orderId: job.orderId,
            userId: job.userId,
            shipOn: job.shipOn,
            missedAt: runtime.clock.now().toISOString(),
          }),
        );
        return;
      }
      const link = `${publicUrl.replace(/\/+$/, '')}/medical-form/${job.orderId}`;
      const day = formatUsDate(job.shipOn, clinicTimeZone);
      const when = job.daysBefore === 1 ? 'tomorrow' : `in ${job.daysBefore} days`;
      const contact = await identity.patientContact(job.userId);
      if (!contact) return;
      const number = textNumber(contact);
      await runtime.notifier.send(
        number
          ? patientText(
              number,
              `your refill check-in is still open. Order ${orderNumber(job.orderId)} ships ${day} once it is done: ${link}`,
            )
          : patientEmail(contact, {
              subject: 'Reminder: your refill check-in',
              body: `Your next supply, order ${orderNumber(job.orderId)}, is due to ship ${when}, on ${day}, but your refill check-in is not done yet. It takes two minutes: your weight, any side effects and the dose you would like next. Your refill ships once your clinician approves it.\n\nStart your check-in here: ${link}`,
            }),
        { jobId: `sent-${jobId}` },
      );
    },
  });
}
