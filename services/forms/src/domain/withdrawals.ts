/**
 * Process Refund (spec 002, the "We Cannot Proceed" popup): the patient ends an application
 * whose answers the clinic cannot accept, before submitting it. The order stops taking an
 * assessment and `application-withdrawn` is published in the same transaction; checkout cancels
 * the order, refunds it in full and emails the patient. Only a pending order can be withdrawn;
 * a repeat is refused as not found, like the loader.
 */
import { eq } from 'drizzle-orm';
import { applicationWithdrawn, formsMessages, type Principal } from '@clinic/contracts';
import { ConflictError, type ServiceRuntime } from '@clinic/kit';
import { orders } from '../db/schema';
import { ownOrder } from './orders';

export async function withdrawApplication(
  runtime: ServiceRuntime,
  principal: Principal,
  orderId: number,
): Promise<void> {
  await runtime.transaction(async (tx, events) => {
    const order = await ownOrder(tx, principal, orderId, { forUpdate: true });
    if (order.status !== 'pending_approval') throw new ConflictError(formsMessages.orderNotFound);
    const now = runtime.clock.now();
    await tx
      .update(orders)
      .set({ status: 'withdrawn', updatedAt: now })
      .where(eq(orders.orderId, orderId));
    await events.publish(applicationWithdrawn, {
      orderId,
      userId: order.userId,
      withdrawnAt: now.toISOString(),
    });
  });
}
