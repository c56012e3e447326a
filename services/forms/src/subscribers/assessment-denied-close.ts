/**
 * An order a clinician denied (`assessment-denied`) no longer takes an assessment: the loader
 * answers "not found" for it. Idempotent: denying twice changes nothing.
 */
import { eq } from 'drizzle-orm';
import { assessmentDenied } from '@clinic/contracts';
import { defineSubscriber, type ServiceRuntime } from '@clinic/kit';
import { orders } from '../db/schema';

export function assessmentDeniedCloseSubscriber(runtime: ServiceRuntime) {
  return defineSubscriber({
    name: 'close-denied-orders',
    event: assessmentDenied,
    async handle(data, { tx }) {
      await tx
        .update(orders)
        .set({ status: 'denied', updatedAt: runtime.clock.now() })
        .where(eq(orders.orderId, data.orderId));
    },
  });
}
