import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import { reviewPromiseHours, type CaseFilter, type CaseSummary } from '@clinic/contracts';
import { unnamedStaff } from '@clinic/identity-client';
import type { Db } from '@clinic/kit';
import { cases, sideEffectReports, type CaseRow } from '../db/schema';
import { flaggedOrders, openFlagsOf, type OpenFlag } from './missed-dose-flags';
import { staffNames } from './staff-members';

export const reviewPromiseMs = reviewPromiseHours * 60 * 60 * 1000;

/** Cases a clinician may decide now (a claim and a decision need one of these). */
export const reviewableStatuses = ['waiting', 'needs-video', 'appointment-required'] as const;
const decidedStatuses = ['approved', 'accepted', 'denied'] as const;

type OpenReport = NonNullable<CaseSummary['sideEffect']>;

/** What a clinician has yet to answer between shipments, by order. */
interface OpenConcerns {
  reports: Map<number, OpenReport>;
  flags: Map<number, OpenFlag>;
}

export function toSummary(
  row: CaseRow,
  names: Map<number, string>,
  open: OpenConcerns = { reports: new Map(), flags: new Map() },
): CaseSummary {
  return {
    orderId: row.orderId,
    userId: row.userId,
    patientName: row.patientName,
    state: row.state,
    drug: row.drug,
    plan: row.plan,
    paymentTerms: row.paymentTerms,
    status: row.status,
    adjustmentRequested: row.adjustmentRequested,
    refillCheckIn: row.refillCheckIn,
    videoRequired: row.videoRequired,
    videoReceived: row.videoReceived,
    submittedAt: row.submittedAt?.toISOString() ?? null,
    dueAt: row.dueAt?.toISOString() ?? null,
    claimedBy:
      row.claimedBy === null
        ? null
        : { id: row.claimedBy, name: names.get(row.claimedBy) ?? unnamedStaff(row.claimedBy) },
    decidedAt: row.decidedAt?.toISOString() ?? null,
    sideEffect: open.reports.get(row.orderId) ?? null,
    missedDoses: open.flags.get(row.orderId) ?? null,
  };
}

/** Urgent reports first, then the closest deadline. */
function morePressing(a: OpenReport, b: OpenReport): number {
  return Number(b.urgent) - Number(a.urgent) || a.dueAt.localeCompare(b.dueAt);
}

/** Each order's most pressing side-effect report no clinician has answered. */
async function openReportsOf(db: Db, orderIds: number[]): Promise<Map<number, OpenReport>> {
  const open = new Map<number, OpenReport>();
  if (orderIds.length === 0) return open;
  const rows = await db
    .select()
    .from(sideEffectReports)
    .where(and(inArray(sideEffectReports.orderId, orderIds), isNull(sideEffectReports.answeredAt)));
  for (const row of rows) {
    const report = { reportId: row.reportId, urgent: row.urgent, dueAt: row.dueAt.toISOString() };
    const known = open.get(row.orderId);
    if (!known || morePressing(report, known) < 0) open.set(row.orderId, report);
  }
  return open;
}

export async function summariesOf(db: Db, rows: CaseRow[]): Promise<CaseSummary[]> {
  const orderIds = rows.map((r) => r.orderId);
  const [names, reports, flags] = await Promise.all([
    staffNames(
      db,
      rows.flatMap((r) => (r.claimedBy === null ? [] : [r.claimedBy])),
    ),
    openReportsOf(db, orderIds),
    openFlagsOf(db, orderIds),
  ]);
  return rows.map((row) => toSummary(row, names, { reports, flags }));
}

const queueLimit = 200;

/**
 * The review queue under one filter: waiting cases by their promise (oldest first: the closest to
 * 24 hours comes first), cases held for the video likewise, the caller's own undecided cases, and
 * the latest decisions first.
 */
export async function reviewQueue(
  db: Db,
  filter: CaseFilter,
  staffId: number,
): Promise<CaseSummary[]> {
  const base = db.select().from(cases);
  let rows: CaseRow[];
  switch (filter) {
    case 'waiting':
      return waitingQueue(db);
    case 'needs-video':
      rows = await base
        .where(eq(cases.status, 'needs-video'))
        .orderBy(asc(cases.submittedAt), asc(cases.orderId))
        .limit(queueLimit);
      break;
    case 'mine':
      rows = await base
        .where(and(eq(cases.claimedBy, staffId), inArray(cases.status, reviewableStatuses)))
        .orderBy(asc(cases.dueAt), asc(cases.orderId))
        .limit(queueLimit);
      break;
    case 'decided':
      rows = await base
        .where(inArray(cases.status, decidedStatuses))
        .orderBy(desc(cases.decidedAt), desc(cases.orderId))
        .limit(queueLimit);
      break;
  }
  return summariesOf(db, rows);
}

/**
 * The waiting tab: cases waiting for a decision and cases with a side-effect report or missed
 * doses no clinician has answered, the urgent reports first (closest deadline first), then
 * everything else by its closest deadline (a report's, the missed doses' or the review's
 * promise). Cases another clinician holds stay in the list, naming who holds them.
 */
async function waitingQueue(db: Db): Promise<CaseSummary[]> {
  const waiting = await db
    .select()
    .from(cases)
    .where(inArray(cases.status, ['waiting', 'appointment-required']))
    .orderBy(asc(cases.dueAt), asc(cases.orderId))
    .limit(queueLimit);
  // The most pressing reports first, so the limit never leaves an urgent one out.
  const reported = await db
    .select({ orderId: sideEffectReports.orderId })
    .from(sideEffectReports)
    .where(isNull(sideEffectReports.answeredAt))
    .orderBy(desc(sideEffectReports.urgent), asc(sideEffectReports.dueAt))
    .limit(queueLimit);
  const flagged = await flaggedOrders(db, queueLimit);
  const known = new Set(waiting.map((r) => r.orderId));
  const more = [...new Set([...reported.map((r) => r.orderId), ...flagged])].filter(
    (id) => !known.has(id),
  );
  const withConcerns = more.length
    ? await db.select().from(cases).where(inArray(cases.orderId, more))
    : [];
  const summaries = await summariesOf(db, [...waiting, ...withConcerns]);
  const due = (c: CaseSummary) =>
    [
      c.sideEffect?.dueAt,
      c.missedDoses?.dueAt,
      c.status === 'waiting' || c.status === 'appointment-required' ? c.dueAt : null,
    ]
      .filter((d): d is string => !!d)
      .sort()[0] ?? '9999';
  return summaries
    .sort(
      (a, b) =>
        Number(!!b.sideEffect?.urgent) - Number(!!a.sideEffect?.urgent) ||
        due(a).localeCompare(due(b)) ||
        a.orderId - b.orderId,
    )
    .slice(0, queueLimit);
}

/** The case of one order, whatever its tab: a clinician finding an order by its number. */
export async function caseOfOrder(db: Db, orderId: number): Promise<CaseSummary[]> {
  return summariesOf(db, await db.select().from(cases).where(eq(cases.orderId, orderId)));
}
