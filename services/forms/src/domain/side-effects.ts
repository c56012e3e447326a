/**
 * Side-effect reports (issue 31, item 4): the patient's report is triaged by the contracts'
 * rules (rules/side-effect-triage), kept with what they were told, and, when a clinician must
 * answer, published as `side-effect-reported` in the same transaction.
 * Guarantees:
 * - only the caller's own prescribed order: another's is "not found", and nothing is written;
 * - the symptom, its severity and the advice stay in forms' table: the event carries ids, the
 *   urgency and the deadline, and nothing here logs the report or puts it in an error.
 */
import { and, desc, eq } from 'drizzle-orm';
import {
  sideEffectReported,
  triageSideEffect,
  type ReportSideEffectRequest,
  type SideEffectReport,
} from '@clinic/contracts';
import { NotFoundError, type ServiceRuntime } from '@clinic/kit';
import { orders, prescriptions, sideEffectReports } from '../db/schema';

const hour = 3_600_000;

export async function reportSideEffect(
  runtime: ServiceRuntime,
  userId: number,
  input: ReportSideEffectRequest,
): Promise<SideEffectReport> {
  const [order] = await runtime.db
    .select({ orderId: orders.orderId })
    .from(orders)
    .innerJoin(prescriptions, eq(prescriptions.orderId, orders.orderId))
    .where(and(eq(orders.orderId, input.order_id), eq(orders.userId, userId)));
  if (!order) throw new NotFoundError('Order not found.');
  const redFlags = [...new Set(input.red_flags)];
  const triage = triageSideEffect({ ...input, redFlags });
  const now = runtime.clock.now();
  const dueAt =
    triage.deadlineHours === null ? null : new Date(now.getTime() + triage.deadlineHours * hour);
  const row = await runtime.transaction(async (tx, events) => {
    const [stored] = await tx
      .insert(sideEffectReports)
      .values({
        userId,
        orderId: order.orderId,
        symptom: input.symptom,
        severity: input.severity,
        duration: input.duration,
        redFlags,
        level: triage.level,
        rule: triage.rule,
        advice: triage.advice,
        reportedAt: now,
        dueAt,
      })
      .returning();
    if (dueAt)
      await events.publish(sideEffectReported, {
        reportId: stored!.id,
        orderId: order.orderId,
        userId,
        urgent: triage.level === 'urgent',
        reportedAt: now.toISOString(),
        dueAt: dueAt.toISOString(),
      });
    return stored!;
  });
  return reportOut(row);
}

/** An order's reports, newest first: what the clinician reads with the case. */
export async function sideEffectReportsOf(
  runtime: ServiceRuntime,
  orderId: number,
  limit = 20,
): Promise<SideEffectReport[]> {
  const rows = await runtime.db
    .select()
    .from(sideEffectReports)
    .where(eq(sideEffectReports.orderId, orderId))
    .orderBy(desc(sideEffectReports.reportedAt), desc(sideEffectReports.id))
    .limit(limit);
  return rows.map(reportOut);
}

export function reportOut(row: typeof sideEffectReports.$inferSelect): SideEffectReport {
  return {
    id: row.id,
    order_id: row.orderId,
    symptom: row.symptom,
    severity: row.severity,
    duration: row.duration,
    red_flags: row.redFlags,
    level: row.level,
    stop_medication: row.level === 'urgent',
    advice: row.advice,
    reported_at: row.reportedAt.toISOString(),
    due_at: row.dueAt?.toISOString() ?? null,
    answered_at: row.answeredAt?.toISOString() ?? null,
  };
}
