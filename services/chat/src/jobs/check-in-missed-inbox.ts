/**
 * Job `chat.check-in-missed-inbox`: a refill check-in still not done on its shipment's date puts
 * the patient's support conversation in the inbox (issue 31, item 5), with one system line
 * naming the order and the date, so an agent reaches out. Guarantees: the line is kept once per
 * check-in (its key names the order and the date) however often the job or the event runs; the
 * patient's name and email are read outside any transaction (identity may share the embedded
 * database's one connection); a patient identity does not know gets nothing. Nothing medical.
 */
import { clinicTimeZone, formatUsDate, orderNumber } from '@clinic/contracts';
import type { IdentityDirectory } from '@clinic/identity-client';
import { defineJob } from '@clinic/kit';
import type { Conversations } from '../domain/conversations';
import { patientName } from '../domain/patient-names';
import { checkInMissedInbox } from './definitions/check-in-missed-inbox';

export function checkInMissedInboxJob(identity: IdentityDirectory, conversations: Conversations) {
  return defineJob({
    ...checkInMissedInbox,
    async handle(job) {
      const contact = await identity.patientContact(job.userId);
      if (!contact) return;
      const day = formatUsDate(job.shipOn, clinicTimeZone);
      await conversations.raise(
        {
          kind: 'patient',
          id: job.userId,
          name: patientName(job.userId, contact),
          email: contact.email,
        },
        `Refill check-in not done: order ${orderNumber(job.orderId)} was due to ship ${day}. Our team will reach out to help.`,
        `check-in-missed-${job.orderId}-${Date.parse(job.shipOn)}`,
      );
    },
  });
}
