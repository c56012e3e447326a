/**
 * forms.assessment-received-email: tells the patient their assessment arrived, once per order.
 */
import { z } from 'zod';
import { jobType } from '@clinic/kit';

export const assessmentReceived = jobType({
  name: 'forms.assessment-received-email',
  formerNames: ['assessment-received-email'],
  schema: z.object({
    orderId: z.number().int(),
    userId: z.number().int(),
    /** The patient's state asks for an identity video before the review. */
    videoRequired: z.boolean(),
  }),
  attempts: 5,
  backoffMs: 10_000,
});
export type AssessmentReceived = z.infer<typeof assessmentReceived.schema>;

/** The job id that makes it once per order. */
export const assessmentReceivedJobId = (orderId: number) => `assessment-received-${orderId}`;
