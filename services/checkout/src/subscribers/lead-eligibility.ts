/**
 * Keeps checkout's view of each patient's eligibility from intake's events: the BMI of a
 * qualified lead (the plan page's minimum is checked again when the cart is saved) and a
 * disqualification. Idempotent through the inbox; a later lead of the same patient replaces the
 * BMI, and a disqualification stays until a newer qualified lead arrives.
 */
import { leadDisqualified, leadQualified } from '@clinic/contracts';
import { defineSubscriber, type Clock } from '@clinic/kit';
import { excluded } from '../db/excluded';
import { patientEligibility } from '../db/schema';

export function leadQualifiedSubscriber(clock: Clock) {
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

export function leadDisqualifiedSubscriber(clock: Clock) {
  return defineSubscriber({
    name: 'record-disqualified-lead',
    event: leadDisqualified,
    async handle(data, { tx }) {
      if (data.userId === null) return; // never had an account: there is nobody to refuse
      const now = clock.now();
      await tx
        .insert(patientEligibility)
        .values({ userId: data.userId, bmi: null, disqualifiedReason: data.reason, updatedAt: now })
        .onConflictDoUpdate({
          target: patientEligibility.userId,
          set: {
            disqualifiedReason: data.reason,
            updatedAt: excluded(patientEligibility.updatedAt),
          },
        });
    },
  });
}
