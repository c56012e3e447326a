/**
 * Notes that an order's medical assessment was submitted (forms' `form-submitted`), so the
 * portal's "Next step" no longer sends the patient to the form. Idempotent: the first time is
 * kept.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { formSubmitted } from '@clinic/contracts';
import { defineSubscriber } from '@clinic/kit';
import { orders } from '../db/schema';

export const formSubmittedAssessmentNotedSubscriber = defineSubscriber({
  name: 'note-assessment-submitted',
  event: formSubmitted,
  async handle(data, { tx }) {
    await tx
      .update(orders)
      .set({ assessmentSubmittedAt: new Date(data.submittedAt) })
      .where(and(eq(orders.id, data.orderId), isNull(orders.assessmentSubmittedAt)));
  },
});
