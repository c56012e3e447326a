/**
 * The clinician requires the identity video (`appointment-required` of kind video): the order's
 * assessment now asks for one, so the patient's upload (POST /api/upload-av-video) is taken even
 * where the state's rule did not ask for it; and the reminder is queued for 24 hours later (the
 * clinic's own email, with the clinician's words, is the ask). Other kinds (a visit) change
 * nothing here.
 *
 * Idempotent: a redelivery sets the same flag and finds the reminder's job id already queued.
 * Forms sent the assessment before any clinician could ask: an order without one is a bug
 * upstream, and failing (then dead-lettering) the event keeps it visible.
 */
import { desc, eq } from 'drizzle-orm';
import { appointmentRequired } from '@clinic/contracts';
import { defineSubscriber, type ServiceRuntime } from '@clinic/kit';
import { assessments, orders } from '../db/schema';
import { scheduleIdentityVideoEmails } from '../jobs/definitions/identity-video-email';

export function appointmentRequiredVideoSubscriber(runtime: ServiceRuntime) {
  return defineSubscriber({
    name: 'require-identity-video',
    event: appointmentRequired,
    async handle(data, { tx }) {
      if (data.kind !== 'video') return;
      // The order row first, as the submission and the video's upload see it.
      await tx
        .select({ orderId: orders.orderId })
        .from(orders)
        .where(eq(orders.orderId, data.orderId))
        .for('update');
      const [assessment] = await tx
        .select({ id: assessments.id })
        .from(assessments)
        .where(eq(assessments.orderId, data.orderId))
        .orderBy(desc(assessments.submittedAt), desc(assessments.id))
        .limit(1);
      if (!assessment)
        throw new Error(`appointment-required before the assessment of order ${data.orderId}`);
      await tx
        .update(assessments)
        .set({ videoRequired: true })
        .where(eq(assessments.id, assessment.id));
      await scheduleIdentityVideoEmails(
        runtime,
        tx,
        {
          orderId: data.orderId,
          userId: data.userId,
          requiredAt: data.requiredAt,
          askedBy: 'clinician',
        },
        { ask: false },
      );
    },
  });
}
