/**
 * A side-effect report a clinician must answer (forms' `side-effect-reported`) joins the queue:
 * an urgent one (a red flag) goes to the top of the waiting cases with its 4-hour deadline, the
 * others among them by their 24-hour one. Ids, urgency and deadline only: the report is read
 * from forms when the case is opened (audited). Idempotent: one row per report.
 */
import { sideEffectReported } from '@clinic/contracts';
import { defineSubscriber } from '@clinic/kit';
import { sideEffectReports } from '../db/schema';

export const sideEffectReportedQueueSubscriber = defineSubscriber({
  name: 'queue-side-effect-reports',
  event: sideEffectReported,
  async handle(data, { tx }) {
    await tx
      .insert(sideEffectReports)
      .values({
        reportId: data.reportId,
        orderId: data.orderId,
        userId: data.userId,
        urgent: data.urgent,
        reportedAt: new Date(data.reportedAt),
        dueAt: new Date(data.dueAt),
      })
      .onConflictDoNothing();
  },
});
