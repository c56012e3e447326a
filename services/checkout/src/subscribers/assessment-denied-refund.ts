/**
 * Refunds an order whose medical assessment a clinician denied (`assessment-denied`).
 *
 * Two steps, because the card processor must never be called inside a database transaction (in
 * production it is an HTTP call to Stripe; on the embedded database the sandbox processor's own
 * transaction would wait on the one connection the handler holds, forever):
 *
 * 1. The subscriber, in the transaction that records the event in the inbox: marks the order
 *    `denied`, ends its subscription, and writes one `pending` row in `checkout.refunds` per
 *    `success` transaction of the order (checkout, add-on, renewals), and queues the job in the
 *    same transaction (enqueue after commit).
 * 2. The job `refund-denied-order`, outside any transaction: refunds each pending transaction in
 *    full at the processor with the key `refund-<transaction_id>`, then marks the refund and the
 *    transaction `refunded` in one transaction (with `refund-issued`, unless Stripe's webhook
 *    recorded the refund first: see domain/billing/refunded-charge.ts), and once the order has nothing pending emails the
 *    patient "Your refund is on its way" with the amount.
 *
 * Guarantees:
 * - One refund per transaction: the inbox drops a redelivered event; a second, different event
 *   for the same order finds its transactions already pending or refunded (`refunds` is unique
 *   per transaction) and changes nothing; a re-run job asks the processor again with the same
 *   key and gets the first refund back.
 * - Nothing is lost: the pending rows and the job commit with the denial (the job runs only then).
 *   A processor failure fails the job, which is retried with backoff (the keys make that safe)
 *   and dead-lettered after its last attempt, leaving the rows pending for an operator to see.
 *   A job that finds the order not denied (queued from elsewhere too early) fails, to be retried.
 * - One email per refund: each refund row is marked notified after its email is queued, and the
 *   email's job id is derived from the rows, so a re-run in between queues nothing new.
 * - The email says nothing medical (no denial reason), only the amount.
 */
import { and, asc, eq, inArray, isNull, lte } from 'drizzle-orm';
import { applicationWithdrawn, assessmentDenied, orderNumber } from '@clinic/contracts';
import type { IdentityDirectory } from '@clinic/identity-client';
import { defineJob, defineSubscriber, type HandlerContext, type ServiceRuntime } from '@clinic/kit';
import { orders, refunds } from '../db/schema';
import { denyOrder, refundedEndStatuses, type OrderEnding } from '../domain/billing/deny-order';
import { emailPatient } from '../domain/billing/billing-emails';
import { markChargeRefunded } from '../domain/billing/refunded-charge';
import { deniedOrderRefund } from '../jobs/definitions/refund-denied-order';
import { formatUsd } from '../domain/billing/invoice-pdf';
import { ProcessorRequestError, type CardProcessor } from '../payments/card-processor';

/** The processor idempotency key of a transaction's refund: the same on every retry. */
export function refundKeyOf(transactionId: string): string {
  return `refund-${transactionId}`;
}

export function assessmentDeniedRefundSubscriber(runtime: ServiceRuntime) {
  return defineSubscriber({
    name: 'refund-denied-order',
    event: assessmentDenied,
    handle: (data, context) => endAndRefund(runtime, data, context, 'denied'),
  });
}

/**
 * The same for an application the patient withdrew with Process Refund
 * (`application-withdrawn`): the order is `cancelled` and refunded in full, the same way.
 */
export function applicationWithdrawnRefundSubscriber(runtime: ServiceRuntime) {
  return defineSubscriber({
    name: 'refund-withdrawn-order',
    event: applicationWithdrawn,
    handle: (data, context) => endAndRefund(runtime, data, context, 'withdrawn'),
  });
}

async function endAndRefund(
  runtime: ServiceRuntime,
  data: { orderId: number; userId: number | null },
  { tx, envelope, events }: HandlerContext,
  ending: OrderEnding,
): Promise<void> {
  const [order] = await tx
    .select({ id: orders.id, userId: orders.userId, status: orders.status })
    .from(orders)
    .where(eq(orders.id, data.orderId))
    .for('update');
  // Checkout created every order it can be told about: an unknown one is a bug upstream,
  // and failing (then dead-lettering) the event keeps it visible.
  if (!order) throw new Error(`${ending} order ${data.orderId} is unknown`);
  if (data.userId !== null && order.userId !== data.userId)
    runtime.logger.warn(
      { orderId: order.id, eventUserId: data.userId, orderUserId: order.userId },
      'the event names another patient than the order; refunding the order',
    );
  // An order already ended the other way keeps its ending; its refunds are already pending.
  if (ending === 'withdrawn' && order.status === 'denied') return;
  const added = await denyOrder(tx, events, order.id, runtime.clock.now(), ending);
  if (added === 0) return; // already refunded or pending: nothing new to do
  await runtime.queue
    .job(deniedOrderRefund)
    .enqueueAfterCommit(
      tx,
      { orderId: order.id },
      { jobId: `refund-denied-${order.id}-${envelope.id}` },
    );
}

interface PendingRefund {
  id: number;
  transactionId: string;
}

/**
 * Refunds one pending transaction at the processor, then records it. A charge already refunded
 * at the processor by other means (Stripe's dashboard) counts as refunded, without our refund id.
 */
async function refundOne(
  runtime: ServiceRuntime,
  processor: CardProcessor,
  pending: PendingRefund,
): Promise<void> {
  let refundId: string | null;
  try {
    const refund = await processor.refund(
      pending.transactionId,
      refundKeyOf(pending.transactionId),
    );
    refundId = refund.refundId;
  } catch (err) {
    if (!(err instanceof ProcessorRequestError) || err.code !== 'charge_already_refunded')
      throw err;
    runtime.logger.warn(
      { transactionId: pending.transactionId },
      'charge was already refunded at the processor; recording it as refunded',
    );
    refundId = null;
  }
  const now = runtime.clock.now();
  await runtime.transaction(async (tx, events) => {
    await tx
      .update(refunds)
      .set({ status: 'refunded', refundId, refundedAt: now })
      .where(and(eq(refunds.id, pending.id), eq(refunds.status, 'pending')));
    await markChargeRefunded(tx, events, { chargeIds: [pending.transactionId], refundId });
  });
}

/** Emails the patient about the order's refunds not yet told, once. */
async function notifyPatient(
  runtime: ServiceRuntime,
  identity: IdentityDirectory | undefined,
  orderId: number,
  userId: number | null,
): Promise<void> {
  const untold = await runtime.db
    .select({ id: refunds.id, amountCents: refunds.amountCents })
    .from(refunds)
    .where(
      and(eq(refunds.orderId, orderId), eq(refunds.status, 'refunded'), isNull(refunds.notifiedAt)),
    )
    .orderBy(asc(refunds.id));
  if (untold.length === 0) return;
  await emailPatient(runtime, identity, userId, {
    subject: 'Your refund is on its way',
    lines: [
      `We have refunded ${formatUsd(untold.reduce((sum, r) => sum + r.amountCents, 0))} to the card you paid with for your GLP Clinic order ${orderNumber(orderId)}.`,
      'Depending on your bank, it can take 5 to 10 business days to appear on your statement.',
      'Your subscription has been cancelled and you will not be charged again for this order.',
      '',
      'If you have any questions, reply to this email or message our support team from your portal.',
    ],
    jobId: `refund-email-${orderId}-${untold.map((r) => r.id).join('-')}`,
  });
  const ids = untold.map((r) => r.id);
  await runtime.db
    .update(refunds)
    .set({ notifiedAt: runtime.clock.now() })
    .where(and(inArray(refunds.id, ids), isNull(refunds.notifiedAt)));
}

/** Refunds what a denial left pending for one order, then tells the patient. */
export async function refundDeniedOrder(
  runtime: ServiceRuntime,
  processor: CardProcessor,
  identity: IdentityDirectory | undefined,
  orderId: number,
): Promise<void> {
  const [order] = await runtime.db
    .select({ status: orders.status, userId: orders.userId })
    .from(orders)
    .where(eq(orders.id, orderId));
  // Queued by a handler whose transaction has not committed yet, or rolled back: try later.
  if (!order || !(refundedEndStatuses as readonly string[]).includes(order.status))
    throw new Error(`order ${orderId} is not denied or cancelled (yet); its refund waits`);
  const pending: PendingRefund[] = await runtime.db
    .select({ id: refunds.id, transactionId: refunds.transactionId })
    .from(refunds)
    .where(and(eq(refunds.orderId, orderId), eq(refunds.status, 'pending')))
    .orderBy(asc(refunds.id));
  // One at a time, each recorded as soon as it is made: a failure keeps the ones before it.
  for (const refund of pending) await refundOne(runtime, processor, refund);
  await notifyPatient(runtime, identity, orderId, order.userId);
}

export function refundDeniedOrderJob(
  runtime: ServiceRuntime,
  processor: CardProcessor,
  identity: IdentityDirectory | undefined,
) {
  return defineJob({
    ...deniedOrderRefund,
    handle: ({ orderId }) => refundDeniedOrder(runtime, processor, identity, orderId),
  });
}

/**
 * Queues the job again for every order with refunds still pending after `olderThanMs`: for a
 * renewal's refund whose process stopped between its commit and its queueing, or a job that was
 * dead-lettered while the processor was down. Safe to call at any time.
 */
export async function requeuePendingRefunds(
  runtime: ServiceRuntime,
  olderThanMs = 60_000,
): Promise<number> {
  const before = new Date(runtime.clock.now().getTime() - olderThanMs);
  const waiting = await runtime.db
    .selectDistinct({ orderId: refunds.orderId })
    .from(refunds)
    .where(and(eq(refunds.status, 'pending'), lte(refunds.createdAt, before)));
  const stamp = runtime.clock.now().getTime();
  for (const { orderId } of waiting)
    await runtime.queue
      .job(deniedOrderRefund)
      .enqueue({ orderId }, { jobId: `refund-denied-${orderId}-requeue-${stamp}` });
  return waiting.length;
}
