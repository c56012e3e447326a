/**
 * fulfillment.remember-patient: keeps the patient's name and address for the pharmacy's console.
 */
import { z } from 'zod';
import { jobType } from '@clinic/kit';

export const rememberPatient = jobType({
  name: 'fulfillment.remember-patient',
  formerNames: ['fulfillment-remember-patient'],
  schema: z.object({ userId: z.number().int() }),
  attempts: 8,
  backoffMs: 5_000,
});
