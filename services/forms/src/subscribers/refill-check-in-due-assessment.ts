/**
 * A refill's check-in is due (fulfilment's `refill-check-in-due`): the order takes an assessment
 * again, the refill questionnaire (form 3: current weight, side effects, the dose wish), which
 * goes to the clinician like the first one. Only an order whose prescription was accepted
 * reopens; a redelivery finds it open already and changes nothing. Opening it keeps the
 * shipment's date and queues the reminders 3 days and 1 day before it (jobs/check-in-reminder).
 */
import { and, eq } from 'drizzle-orm';
import { refillCheckInDue } from '@clinic/contracts';
import { defineSubscriber, type ServiceRuntime } from '@clinic/kit';
import { orders } from '../db/schema';
import { scheduleCheckInReminders } from '../jobs/definitions/check-in-reminder';

export function refillCheckInDueAssessmentSubscriber(runtime: ServiceRuntime) {
  return defineSubscriber({
    name: 'open-refill-check-ins',
    event: refillCheckInDue,
    async handle(data, { tx }) {
      const shipOn = new Date(data.shipOn);
      const opened = await tx
        .update(orders)
        .set({ status: 'pending_approval', refillShipOn: shipOn, updatedAt: runtime.clock.now() })
        .where(and(eq(orders.orderId, data.orderId), eq(orders.status, 'prescription_accepted')))
        .returning({ userId: orders.userId });
      if (opened.length > 0)
        await scheduleCheckInReminders(runtime, tx, {
          orderId: data.orderId,
          userId: data.userId,
          shipOn,
        });
    },
  });
}
