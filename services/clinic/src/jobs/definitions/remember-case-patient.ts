/**
 * clinic.remember-case-patient: copies a case's patient name from identity into the case.
 */
import { z } from 'zod';
import { jobType } from '@clinic/kit';

export const rememberCasePatient = jobType({
  name: 'clinic.remember-case-patient',
  formerNames: ['remember-case-patient'],
  schema: z.object({ orderId: z.number().int(), userId: z.number().int() }),
  attempts: 5,
  backoffMs: 5_000,
});
