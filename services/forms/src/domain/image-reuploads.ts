/**
 * The portal's image re-upload (spec 002, POST /api/upload-image-again): a patient replaces one
 * image of their submitted assessment (a clearer ID, a new full-body photo) with a new upload,
 * checked by its content like every upload. The assessment keeps one image per type: the new one
 * replaces the old in the record the clinician reads.
 */
import { desc, eq } from 'drizzle-orm';
import {
  formsMessages,
  photoLabels,
  type PortalImageType,
  type Principal,
} from '@clinic/contracts';
import { ConflictError, type ServiceRuntime } from '@clinic/kit';
import { assessments, type StoredAnswer } from '../db/schema';
import { ownOrder } from './orders';
import type { Uploads } from './uploads';

export async function replaceAssessmentImage(
  runtime: ServiceRuntime,
  uploads: Uploads,
  principal: Principal,
  request: { id: number; file_name: string; image_type: PortalImageType },
): Promise<void> {
  const order = await ownOrder(runtime.db, principal, request.id);
  await uploads.check(order.userId, request.file_name, 'image');
  await runtime.transaction(async (tx) => {
    const [assessment] = await tx
      .select({ id: assessments.id, images: assessments.images })
      .from(assessments)
      .where(eq(assessments.orderId, request.id))
      .orderBy(desc(assessments.submittedAt), desc(assessments.id))
      .limit(1)
      .for('update');
    if (!assessment) throw new ConflictError(formsMessages.orderNotFound);
    const replacement: StoredAnswer = {
      id: request.image_type,
      question: request.image_type,
      label: photoLabels[request.image_type],
      question_type: 'image_upload',
      answer: request.file_name,
      important: false,
      is_critical: false,
      parentId: null,
      parentAnswer: null,
    };
    const images = [
      ...assessment.images.filter((i) => i.question !== request.image_type),
      replacement,
    ];
    await tx.update(assessments).set({ images }).where(eq(assessments.id, assessment.id));
  });
}
