import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { reviewPromiseHours, type CaseFilter, type CaseSummary } from '@clinic/contracts';
import { unnamedStaff } from '@clinic/identity-client';
import type { Db } from '@clinic/kit';
import { cases, type CaseRow } from '../db/schema';
import { staffNames } from './staff-members';

export const reviewPromiseMs = reviewPromiseHours * 60 * 60 * 1000;

/** Cases a clinician may decide now (a claim and a decision need one of these). */
export const reviewableStatuses = ['waiting', 'needs-video', 'appointment-required'] as const;
const decidedStatuses = ['approved', 'accepted', 'denied'] as const;

export function toSummary(row: CaseRow, names: Map<number, string>): CaseSummary {
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
  };
}

export async function summariesOf(db: Db, rows: CaseRow[]): Promise<CaseSummary[]> {
  const names = await staffNames(
    db,
    rows.flatMap((r) => (r.claimedBy === null ? [] : [r.claimedBy])),
  );
  return rows.map((row) => toSummary(row, names));
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
      // Cases another clinician holds stay in the list, naming who holds them.
      rows = await base
        .where(inArray(cases.status, ['waiting', 'appointment-required']))
        .orderBy(asc(cases.dueAt), asc(cases.orderId))
        .limit(queueLimit);
      break;
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

/** The case of one order, whatever its tab: a clinician finding an order by its number. */
export async function caseOfOrder(db: Db, orderId: number): Promise<CaseSummary[]> {
  return summariesOf(db, await db.select().from(cases).where(eq(cases.orderId, orderId)));
}
