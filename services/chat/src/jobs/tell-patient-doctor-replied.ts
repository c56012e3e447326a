/**
 * chat-tell-patient-doctor-replied, kept only for jobs queued under it before the kit's
 * notify.patient-message replaced it (a reply in flight across a deploy): it queues that job
 * with the same words, under an id made from this one's, so the patient hears once.
 */
import { z } from 'zod';
import { defineJob, jobType, patientMessage, type ServiceRuntime } from '@clinic/kit';
import { doctorRepliedMessage } from '../domain/doctor-replied-message';

export const tellPatientDoctorReplied = jobType({
  name: 'chat-tell-patient-doctor-replied',
  schema: z.object({ userId: z.number().int(), messageId: z.number().int() }),
  attempts: 5,
  backoffMs: 10_000,
});

export function tellPatientDoctorRepliedJob(runtime: ServiceRuntime, publicUrl: string) {
  return defineJob({
    ...tellPatientDoctorReplied,
    async handle({ userId }, { jobId }) {
      await runtime.queue
        .job(patientMessage)
        .enqueue({ userId, ...doctorRepliedMessage(publicUrl) }, { jobId: `${jobId}.message` });
    },
  });
}
