/**
 * email-patient: an email from the pharmacy team to a patient about a shipment or a reship
 * request. Queued with the step's transaction, so it goes if and only if the step stands; its
 * job id makes it once per step. The address is looked up when the job runs, outside the step's
 * transaction (identity may share the embedded database, which runs one transaction at a time).
 */
import { z } from 'zod';
import { patientEmail, type IdentityDirectory } from '@clinic/identity-client';
import { defineJob, jobType, type ServiceRuntime } from '@clinic/kit';

export const emailPatient = jobType({
  name: 'fulfillment-email-patient',
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
