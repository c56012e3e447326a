/**
 * Keeps checkout's view of each patient's eligibility from intake's `lead-disqualified`: the
 * reason a patient with an account was disqualified, which stays until a newer qualified lead
 * arrives (lead-qualified-eligibility.ts). Idempotent through the inbox.
 */
import { leadDisqualified } from '@clinic/contracts';
import { defineSubscriber, type Clock } from '@clinic/kit';
import { excluded } from '../db/excluded';
import { patientEligibility } from '../db/schema';

export function leadDisqualifiedEligibilitySubscriber(clock: Clock) {
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
