/**
 * tell-patient-doctor-replied: the patient hears that their doctor answered (spec 002: "the user
 * is notified by text"). A text when the patient agreed to texts and has a phone, an email
 * otherwise. Neither says what the doctor wrote: health information stays in the portal behind
 * the login. Queued with the reply's transaction, so it goes if and only if the reply stands;
 * its job id (the message's) makes it once per reply. The contact is read when the job runs,
 * outside the reply's transaction (identity may share the embedded database's one connection).
 */
import { z } from 'zod';
import { doctorTabPath } from '@clinic/contracts';
import { patientEmail, type IdentityDirectory } from '@clinic/identity-client';
import { defineJob, jobType, type ServiceRuntime } from '@clinic/kit';

export const tellPatientDoctorReplied = jobType({
  name: 'chat-tell-patient-doctor-replied',
  schema: z.object({ userId: z.number().int(), messageId: z.number().int() }),
  attempts: 5,
  backoffMs: 10_000,
});

export function tellPatientDoctorRepliedJob(
  runtime: ServiceRuntime,
  identity: IdentityDirectory,
  publicUrl: string,
) {
  return defineJob({
    ...tellPatientDoctorReplied,
    async handle({ userId }, { jobId }) {
      const contact = await identity.patientContact(userId);
      if (!contact) return;
      const link = `${publicUrl}${doctorTabPath}`;
      if (contact.text_updates && /^\d{10}$/.test(contact.phone)) {
        await runtime.notifier.send(
          {
            channel: 'sms',
            to: contact.phone,
            body: `GLP Clinic: your doctor replied to your message. Read it in your portal: ${link} Reply STOP to opt out.`,
          },
          { jobId: `sent-${jobId}` },
        );
        return;
      }
      await runtime.notifier.send(
        patientEmail(contact, {
          subject: 'Your doctor replied to your message',
          body: `Your doctor replied to your message. Read it in your portal (Doctor on Demand): ${link}`,
        }),
        { jobId: `sent-${jobId}` },
      );
    },
  });
}
