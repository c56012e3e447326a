/**
 * The missed-dose flags no clinician has answered yet (forms' missed-doses-flagged): the one each
 * case shows, and the orders the waiting queue lists for them.
 */
import { and, asc, inArray, isNull } from 'drizzle-orm';
import type { CaseSummary } from '@clinic/contracts';
import type { Db } from '@clinic/kit';
import { missedDoseFlags } from '../db/schema';

export type OpenFlag = NonNullable<CaseSummary['missedDoses']>;

/** Each order's open flag with the closest deadline. */
export async function openFlagsOf(db: Db, orderIds: number[]): Promise<Map<number, OpenFlag>> {
  const open = new Map<number, OpenFlag>();
  if (orderIds.length === 0) return open;
  const rows = await db
    .select()
    .from(missedDoseFlags)
    .where(and(inArray(missedDoseFlags.orderId, orderIds), isNull(missedDoseFlags.answeredAt)))
    .orderBy(asc(missedDoseFlags.dueAt), asc(missedDoseFlags.dueDay));
  for (const row of rows)
    if (!open.has(row.orderId))
      open.set(row.orderId, {
        dueDay: row.dueDay,
        missedInARow: row.missedInARow,
        dueAt: row.dueAt.toISOString(),
      });
  return open;
}

/** The orders with an open flag, the closest deadline first. */
export async function flaggedOrders(db: Db, limit: number): Promise<number[]> {
  const rows = await db
    .select({ orderId: missedDoseFlags.orderId })
    .from(missedDoseFlags)
    .where(isNull(missedDoseFlags.answeredAt))
    .orderBy(asc(missedDoseFlags.dueAt))
    .limit(limit);
  return rows.map((r) => r.orderId);
}
