/**
 * email-patient: an email from the clinic to a patient about their case (the prescription to
 * confirm, the denial, a clinician's question). Queued with the decision's transaction, so it
 * goes if and only if the decision stands; its job id makes it once per decision. The address
 * is looked up when the job runs, outside the decision's transaction (identity may share the
 * embedded database, which runs one transaction at a time). Health details stay out of the
 * email except what the clinician wrote to the patient.
 */
import { z } from 'zod';
import { patientEmail, type IdentityDirectory } from '@clinic/identity-client';
import { defineJob, jobType, type ServiceRuntime } from '@clinic/kit';

export const emailPatient = jobType({
  name: 'email-patient',
  schema: z.object({
    userId: z.number().int(),
    subject: z.string().min(1).max(300),
    body: z.string().min(1).max(20_000),
  }),
  attempts: 5,
  backoffMs: 10_000,
});

export function emailPatientJob(runtime: ServiceRuntime, identity: IdentityDirectory) {
  return defineJob({
    ...emailPatient,
    async handle({ userId, subject, body }, { jobId }) {
      const contact = await identity.patientContact(userId);
      if (!contact) return;
      await runtime.notifier.send(patientEmail(contact, { subject, body }), {
        jobId: `sent-${jobId}`,
      });
    },
  });
}
