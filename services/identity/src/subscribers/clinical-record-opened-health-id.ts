/**
 * Keeps the health record id the clinic gave a patient (`clinical-record-opened`, on the first
 * claim of their first case) on the account: the session's `health_id`, the patient contact's
 * (forms opens the refill form for it). Guarantees: the first id stays; a later event with
 * another id never overwrites it (logged with the user id only), and a redelivery or a second
 * opening changes nothing (one conditional update, idempotent). Staff accounts and unknown ids
 * are left alone.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { clinicalRecordOpened } from '@clinic/contracts';
import { defineSubscriber, type ServiceRuntime } from '@clinic/kit';
import { users } from '../db/schema';

export function clinicalRecordOpenedHealthIdSubscriber(runtime: ServiceRuntime) {
  return defineSubscriber({
    name: 'keep-patient-health-id',
    event: clinicalRecordOpened,
    async handle(data, { tx }) {
      const set = await tx
        .update(users)
        .set({ healthId: data.healthId, updatedAt: runtime.clock.now() })
        .where(and(eq(users.id, data.userId), eq(users.role, 'patient'), isNull(users.healthId)))
        .returning({ id: users.id });
      if (set.length > 0) return;
      const [user] = await tx
        .select({ healthId: users.healthId })
        .from(users)
        .where(eq(users.id, data.userId));
      if (user?.healthId && user.healthId !== data.healthId)
        runtime.logger.warn(
          { userId: data.userId, orderId: data.orderId },
          'clinical-record-opened: the patient already has another health id; the first is kept',
        );
    },
  });
}
