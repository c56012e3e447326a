/**
 * The identity video is in (forms' `identity-video-uploaded`): a case held for it joins the
 * queue, its 24-hour promise starting now. Idempotent: a redelivery finds the video received.
 * Forms sends it only after the assessment, but on another topic: one that overtakes the
 * form-submitted finds no case and fails, to be redelivered once the case exists.
 */
import { eq } from 'drizzle-orm';
import { identityVideoUploaded } from '@clinic/contracts';
import { defineSubscriber, type ServiceRuntime } from '@clinic/kit';
import { cases } from '../db/schema';
import { reviewPromiseMs } from '../domain/case-summaries';

export function identityVideoUploadedQueueSubscriber(runtime: ServiceRuntime) {
  return defineSubscriber({
    name: 'queue-cases-with-video',
    event: identityVideoUploaded,
    async handle(data, { tx }) {
      const [row] = await tx
        .select()
        .from(cases)
        .where(eq(cases.orderId, data.orderId))
        .for('update');
      if (!row) throw new Error(`identity-video-uploaded before the case of order ${data.orderId}`);
      if (row.videoReceived) return;
      const uploadedAt = new Date(data.uploadedAt);
      await tx
        .update(cases)
        .set({
          videoReceived: true,
          ...(row.status === 'needs-video'
            ? {
                status: 'waiting' as const,
                dueAt: new Date(uploadedAt.getTime() + reviewPromiseMs),
              }
            : {}),
          updatedAt: runtime.clock.now(),
        })
        .where(eq(cases.orderId, data.orderId));
    },
  });
}
