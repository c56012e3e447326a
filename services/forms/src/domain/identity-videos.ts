/**
 * The identity video of spec 002 (/upload-video): after a bare-medication assessment in a state
 * that requires it, the patient uploads a short video through a signed URL; here it is checked
 * by its content (a video, within 100 MB) and recorded on the assessment with
 * `identity-video-uploaded` in one transaction. A newer video replaces an older one until a
 * clinician reviews; only the caller's own submitted order that needs one takes it. The page
 * asks first who wants the video (`identityVideoAsker`), to say why without naming a state
 * regulation that does not apply.
 */
import { and, desc, eq } from 'drizzle-orm';
import {
  formsMessages,
  identityVideoUploaded,
  type IdentityVideoAsker,
  type Principal,
  type StateRules,
} from '@clinic/contracts';
import { ConflictError, type Db, type ServiceRuntime } from '@clinic/kit';
import { assessments, type AssessmentForm } from '../db/schema';
import { ownOrder, videoRequired } from './orders';
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

/**
 * GET /forms/orders/{id}/identity-video: who asks for the video of the caller's order. The state
 * when its rule asked at submission (a bare-medication assessment in a video state), else the
 * clinician when they required it since; null when no video is asked (or nothing was submitted).
 */
export async function identityVideoAsker(
  db: Db,
  principal: Principal,
  orderId: number,
  stateRules: StateRules,
): Promise<IdentityVideoAsker | null> {
  await ownOrder(db, principal, orderId);
  const [assessment] = await db
    .select({
      form: assessments.form,
      state: assessments.state,
      videoRequired: assessments.videoRequired,
    })
    .from(assessments)
    .where(eq(assessments.orderId, orderId))
    .orderBy(desc(assessments.submittedAt), desc(assessments.id))
    .limit(1);
  if (!assessment?.videoRequired) return null;
  return videoRequired(loaderForm[assessment.form], assessment.state, stateRules)
    ? 'state'
    : 'clinician';
}

/** The form loader's number of a stored assessment's form (orders.ts formOf). */
const loaderForm: Record<AssessmentForm, 1 | 2 | 3> = { mdIntegration: 1, bareMeds: 2, refill: 3 };
