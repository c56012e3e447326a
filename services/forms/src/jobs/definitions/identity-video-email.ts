/**
 * forms.identity-video-email: the ask for an identity video and its reminder 24 hours later;
 * the payload and how both are scheduled with the transaction that required the video.
 */
import { z } from 'zod';
import { identityVideoAskers } from '@clinic/contracts';
import { jobType, type ServiceRuntime, type Tx } from '@clinic/kit';

/** How long after the ask the patient is reminded, if the video is still missing. */
export const identityVideoReminderMs = 24 * 60 * 60 * 1000;

export const identityVideoEmail = jobType({
  name: 'forms.identity-video-email',
  formerNames: ['forms-identity-video-email'],
  schema: z.object({
    orderId: z.number().int(),
    userId: z.number().int(),
    /** When the video was required: a video uploaded before it does not answer this ask. */
    requiredAt: z.iso.datetime(),
    /** Who asks: the state's rule (at submission) or the clinician. */
    askedBy: z.enum(identityVideoAskers),
    email: z.enum(['ask', 'reminder']),
  }),
  // Only a failing database or identity makes it throw; the checks make a re-run harmless.
  attempts: 5,
  backoffMs: 10_000,
});
export type IdentityVideoEmail = z.infer<typeof identityVideoEmail.schema>;

/**
 * Queues the emails of a video required at `requiredAt`, to run only if `tx` commits: the ask
 * now (unless someone else asked) and the reminder 24 hours after the requirement.
 */
export async function scheduleIdentityVideoEmails(
  runtime: ServiceRuntime,
  tx: Tx,
  requirement: Omit<IdentityVideoEmail, 'email'>,
  opts: { ask: boolean },
): Promise<void> {
  const handle = runtime.queue.job(identityVideoEmail);
  const requiredAt = new Date(requirement.requiredAt).getTime();
  const id = (email: IdentityVideoEmail['email']) =>
    `identity-video-${email}-${requirement.orderId}-${requiredAt}`;
  if (opts.ask)
    await handle.enqueueAfterCommit(tx, { ...requirement, email: 'ask' }, { jobId: id('ask') });
  await handle.enqueueAfterCommit(
    tx,
    { ...requirement, email: 'reminder' },
    {
      jobId: id('reminder'),
      // A redelivered requirement may come late: the reminder keeps its day.
      delayMs: Math.max(0, requiredAt + identityVideoReminderMs - runtime.clock.now().getTime()),
    },
  );
}
