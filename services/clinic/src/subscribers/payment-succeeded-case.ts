/**
 * Opens a case for each paid prescription order (checkout's `payment-succeeded`, the first
 * checkout) and marks it when the anti-nausea add-on is bought for it. Idempotent: the order id
 * is the case's key and a redelivery changes nothing; a form-submitted that arrived first (they
 * travel on different topics) already made the case, and only the order's facts are filled in.
 * The patient's name is written by the remember-case-patient job it queues.
 */
import { eq } from 'drizzle-orm';
import { antiNausea, drugOfProduct, paymentSucceeded } from '@clinic/contracts';
import { defineSubscriber, type ServiceRuntime } from '@clinic/kit';
import { cases } from '../db/schema';
import { rememberCasePatient } from '../jobs/definitions/remember-case-patient';

export function paymentSucceededCaseSubscriber(runtime: ServiceRuntime) {
  return defineSubscriber({
    name: 'open-cases-of-paid-orders',
    event: paymentSucceeded,
    async handle(data, { tx }) {
      if (data.userId === null) return;
      const now = runtime.clock.now();
      if (data.kind === 'add-on') {
        if (data.planId === antiNausea.sku)
          await tx
            .update(cases)
            .set({ antiNausea: true, updatedAt: now })
            .where(eq(cases.orderId, data.orderId));
        return;
      }
      if (data.kind !== 'checkout') return;
      const preauth = data.prescriptionPreauths.find((p) => p.orderId === data.orderId);
      const drug = preauth && drugOfProduct(preauth.product_name);
      if (!drug) return;
      const facts = {
        plan: data.productName,
        paymentTerms: data.paymentTerms,
        paidAt: now,
        updatedAt: now,
      };
      await tx
        .insert(cases)
        .values({
          orderId: data.orderId,
          userId: data.userId,
          drug,
          status: 'awaiting-assessment',
          ...facts,
        })
        .onConflictDoUpdate({ target: cases.orderId, set: facts });
      // The name comes from identity, asked outside this transaction.
      await runtime.queue.job(rememberCasePatient).enqueueAfterCommit(
        tx,
        { orderId: data.orderId, userId: data.userId },
        {
          jobId: `case-patient-${data.orderId}`,
        },
      );
    },
  });
}
