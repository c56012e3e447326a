/**
 * The admins' work on the privacy requests: the list (audited as a read of personal
 * information), and the two steps, verified and done, each taken under a row lock with its audit
 * line in the same transaction, so two admins clicking at once move a request once and the second
 * is told why not.
 */
import { asc, count, desc, eq, ne, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  privacyAdminMessages as m,
  type PrivacyRequestState,
  type PrivacyRequestView,
} from '@clinic/contracts';
import { NotFoundError, type AuditStaff, type Executor, type ServiceRuntime } from '@clinic/kit';
import { privacyRequests, users } from '../db/schema';
import { privacyAudit } from './privacy-audit';
import { assertNextStep, daysLeft, isOverdue, workingOrder } from './privacy-request-steps';

/** Every open request is listed (the law gives each 45 days); past this many, the most urgent. */
const OPEN_SHOWN = 500;
/** The done ones most recently closed; older ones stay in the table for the 24 months. */
const DONE_SHOWN = 100;

const verifier = alias(users, 'verifier');
const closer = alias(users, 'closer');

function selectViews(db: Executor) {
  return db
    .select({
      request: privacyRequests,
      verifier: { first: verifier.firstName, last: verifier.lastName },
      closer: { first: closer.firstName, last: closer.lastName },
    })
    .from(privacyRequests)
    .leftJoin(verifier, eq(verifier.id, privacyRequests.verifiedBy))
    .leftJoin(closer, eq(closer.id, privacyRequests.closedBy));
}

type StaffName = { first: string | null; last: string | null } | null;

/** A request and the names of the staff who verified and closed it. */
interface ViewRow {
  request: typeof privacyRequests.$inferSelect;
  verifier: StaffName;
  closer: StaffName;
}

function staffName(id: number | null, name: StaffName): string | null {
  if (id === null) return null;
  const full = [name?.first, name?.last].filter(Boolean).join(' ');
  return full || `Staff member ${id}`;
}

const iso = (at: Date | null) => (at ? at.toISOString() : null);

function toView({ request: r, verifier: v, closer: c }: ViewRow, now: Date): PrivacyRequestView {
  return {
    reference: r.reference,
    requestType: r.requestType,
    name: r.name,
    email: r.email,
    requesterState: r.state,
    details: r.details,
    state: r.status,
    receivedAt: r.receivedAt.toISOString(),
    dueAt: r.respondBy.toISOString(),
    daysLeft: r.status === 'done' ? null : daysLeft(r.respondBy, now),
    overdue: isOverdue(r.status, r.respondBy, now),
    verifiedAt: iso(r.verifiedAt),
    verifiedBy: staffName(r.verifiedBy, v),
    closedAt: iso(r.closedAt),
    closedBy: staffName(r.closedBy, c),
    closingNote: r.closingNote,
  };
}

export interface PrivacyRequestList {
  requests: PrivacyRequestView[];
  counts: Record<PrivacyRequestState, number>;
}

/** What the line says was read: the filter and the references shown, never a name. */
function listSubject(state: PrivacyRequestState | undefined, shown: PrivacyRequestView[]): string {
  const which = shown.length === 0 ? 'none' : shown.map((r) => r.reference).join(', ');
  return `privacy requests (${state ?? 'all'}): ${which}`;
}

/** The requests of one state (or all), in working order, with the count in each state. */
export async function listPrivacyRequests(
  runtime: ServiceRuntime,
  who: AuditStaff,
  state?: PrivacyRequestState,
): Promise<PrivacyRequestList> {
  const { db } = runtime;
  const now = runtime.clock.now();
  const openWhere: SQL | undefined =
    state === undefined ? ne(privacyRequests.status, 'done') : eq(privacyRequests.status, state);
  const open =
    state === 'done'
      ? []
      : await selectViews(db)
          .where(openWhere)
          .orderBy(asc(privacyRequests.respondBy))
          .limit(OPEN_SHOWN);
  const done =
    state === undefined || state === 'done'
      ? await selectViews(db)
          .where(eq(privacyRequests.status, 'done'))
          .orderBy(desc(privacyRequests.closedAt))
          .limit(DONE_SHOWN)
      : [];
  const tally = await db
    .select({ state: privacyRequests.status, n: count() })
    .from(privacyRequests)
    .groupBy(privacyRequests.status);
  const counts = { received: 0, verified: 0, done: 0 };
  for (const { state: s, n } of tally) counts[s] = n;

  const requests = workingOrder([...open, ...done].map((row) => toView(row, now)));
  await privacyAudit(runtime).record(db, who, {
    action: 'privacy-request.list',
    subject: listSubject(state, requests),
    at: now,
  });
  return { requests, counts };
}

type Step =
  | { to: 'verified' }
  | {
      to: 'done';
      /** What was sent or done, trimmed, 1 to 500 characters (the contract checked it). */
      note: string;
    };

/** Moves one request its next step: 404 unknown, 409 any other move, nothing changed. */
async function takeStep(
  runtime: ServiceRuntime,
  who: AuditStaff,
  reference: string,
  step: Step,
): Promise<PrivacyRequestView> {
  return runtime.transaction(async (tx) => {
    const now = runtime.clock.now();
    const [row] = await tx
      .select({ id: privacyRequests.id, status: privacyRequests.status })
      .from(privacyRequests)
      .where(eq(privacyRequests.reference, reference))
      .for('update');
    if (!row) throw new NotFoundError(m.notFound);
    assertNextStep(row.status, step.to);
    const change: Partial<typeof privacyRequests.$inferInsert> =
      step.to === 'verified'
        ? { status: 'verified', verifiedAt: now, verifiedBy: who.id }
        : { status: 'done', closedAt: now, closedBy: who.id, closingNote: step.note };
    await tx.update(privacyRequests).set(change).where(eq(privacyRequests.id, row.id));
    await privacyAudit(runtime).record(tx, who, {
      action: step.to === 'verified' ? 'privacy-request.verify' : 'privacy-request.close',
      subject: reference,
      at: now,
    });
    const [moved] = await selectViews(tx).where(eq(privacyRequests.id, row.id));
    if (!moved) throw new Error('A privacy request vanished inside its own transaction');
    return toView(moved, now);
  });
}

/** Received to verified: the team matched the requester to the consumer or their agent. */
export const markPrivacyRequestVerified = (
  runtime: ServiceRuntime,
  who: AuditStaff,
  reference: string,
) => takeStep(runtime, who, reference, { to: 'verified' });

/** Verified to done, with a note of what was sent or done. */
export const markPrivacyRequestDone = (
  runtime: ServiceRuntime,
  who: AuditStaff,
  reference: string,
  note: string,
) => takeStep(runtime, who, reference, { to: 'done', note });
