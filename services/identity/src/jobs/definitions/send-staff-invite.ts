/**
 * identity.send-staff-invite: emails an invited staff member the link to set their password.
 */
import { z } from 'zod';
import { jobType } from '@clinic/kit';

export const sendStaffInvite = jobType({
  name: 'identity.send-staff-invite',
  schema: z.object({ userId: z.number().int() }),
  attempts: 5,
  backoffMs: 2000,
});
