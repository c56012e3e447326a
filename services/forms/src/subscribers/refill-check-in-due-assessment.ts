/**
 * A refill's check-in is due (fulfilment's `refill-check-in-due`): the order takes an assessment
 * again, the refill questionnaire (form 3: current weight, side effects, the dose wish), which
 * goes to the clinician like the first one. Only an order whose prescription was accepted
 * reopens; a redelivery finds it open already and changes nothing.
 */
import { and, eq } from 'drizzle-orm';
import { refillCheckInDue } from '@clinic/contracts';
import { defineSubscriber, type ServiceRuntime } from '@clinic/kit';
import { orders } from '../db/schema';

export function refillCheckInDueAssessmentSubscriber(runtime: ServiceRuntime) {
  return defineSubscriber({
    name: 'open-refill-check-ins',
    event: refillCheckInDue,
    async handle(data, { tx }) {
      await tx
        .update(orders)
        .set({ status: 'pending_approval', updatedAt: runtime.clock.now() })
        .where(and(eq(orders.orderId, data.orderId), eq(orders.status, 'prescription_accepted')));
    },
  });
}
