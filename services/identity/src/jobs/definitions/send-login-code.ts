/**
 * identity.send-login-code: emails the one-time code of a login past the failure limit.
 */
import { z } from 'zod';
import { jobType } from '@clinic/kit';

export const sendLoginCode = jobType({
  name: 'identity.send-login-code',
  formerNames: ['send-login-code'],
  schema: z.object({ userId: z.number().int() }),
  attempts: 5,
  backoffMs: 2000,
});
