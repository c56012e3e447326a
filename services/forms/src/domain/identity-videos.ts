/**
 * The identity video of spec 002 (/upload-video): after a bare-medication assessment in a state
 * that requires it, the patient uploads a short video through a signed URL; here it is checked
 * by its content (a video, within 100 MB) and recorded on the assessment with
 * `identity-video-uploaded` in one transaction. A newer video replaces an older one until a
 * clinician reviews; only the caller's own submitted order that needs one takes it.
 */
import { and, desc, eq } from 'drizzle-orm';
import { formsMessages, identityVideoUploaded, type Principal } from '@clinic/contracts';
import { ConflictError, type ServiceRuntime } from '@clinic/kit';
import { assessments } from '../db/schema';
import { ownOrder } from './orders';
import type { Uploads } from './uploads';

export const videoMessages = {
  recorded: 'Video uploaded successfully!',
  notNeeded: 'This order does not need an identity video.',
} as const;

export async function recordIdentityVideo(
  runtime: ServiceRuntime,
  uploads: Uploads,
  principal: Principal,
  orderId: number,
  fileName: string,
): Promise<void> {
  const order = await ownOrder(runtime.db, principal, orderId);
  const [assessment] = await runtime.db
    .select({ id: assessments.id, videoRequired: assessments.videoRequired })
    .from(assessments)
    .where(eq(assessments.orderId, orderId))
    .orderBy(desc(assessments.submittedAt), desc(assessments.id))
    .limit(1);
  if (!assessment) throw new ConflictError(formsMessages.orderNotFound);
  if (!assessment.videoRequired) throw new ConflictError(videoMessages.notNeeded);
  await uploads.check(order.userId, fileName, 'video');
  await runtime.transaction(async (tx, events) => {
    const now = runtime.clock.now();
    await tx
      .update(assessments)
      .set({ videoFileName: fileName, videoUploadedAt: now })
      .where(and(eq(assessments.id, assessment.id), eq(assessments.orderId, orderId)));
    await events.publish(identityVideoUploaded, {
      orderId,
      userId: order.userId,
      uploadedAt: now.toISOString(),
    });
  });
}
