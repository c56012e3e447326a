/**
 * identity.send-password-reset-link: emails a reset link to an address, if it has an account.
 */
import { z } from 'zod';
import { jobType, type ServiceRuntime } from '@clinic/kit';

export const sendPasswordResetLink = jobType({
  name: 'identity.send-password-reset-link',
  formerNames: ['send-password-reset-link'],
  schema: z.object({ email: z.string().max(256) }),
  attempts: 5,
  backoffMs: 2000,
});

export async function queuePasswordResetLink(
  runtime: ServiceRuntime,
  email: string,
): Promise<void> {
  await runtime.queue.job(sendPasswordResetLink).enqueue({ email });
}
