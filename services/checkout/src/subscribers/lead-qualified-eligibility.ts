/**
 * Keeps checkout's view of each patient's eligibility from intake's `lead-qualified`: the BMI of
 * a qualified lead (the plan page's minimum is checked again when the cart is saved), which also
 * lifts an earlier disqualification. Idempotent through the inbox; a later lead of the same
 * patient replaces the BMI.
 */
import { leadQualified } from '@clinic/contracts';
import { defineSubscriber, type Clock } from '@clinic/kit';
import { patientEligibility } from '../db/schema';

export function leadQualifiedEligibilitySubscriber(clock: Clock) {
  return defineSubscriber({
    name: 'record-qualified-lead',
    event: leadQualified,
    async handle(data, { tx }) {
      const now = clock.now();
      await tx
        .insert(patientEligibility)
        .values({ userId: data.userId, bmi: data.bmi, disqualifiedReason: null, updatedAt: now })
        .onConflictDoUpdate({
          target: patientEligibility.userId,
          set: { bmi: data.bmi, disqualifiedReason: null, updatedAt: now },
        });
    },
  });
}
