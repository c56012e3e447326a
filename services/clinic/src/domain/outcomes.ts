import { eq } from 'drizzle-orm';
import type { Principal } from '@clinic/contracts';
import { NotFoundError, type Db } from '@clinic/kit';
import { cases } from '../db/schema';

export type Outcome = 'pending' | 'approved' | 'denied' | 'appointment_required' | 'meeting_missed';

/**
 * What the patient reads of the clinic's decision on their own order (/rejected/{id},
 * /meeting-missed): another patient's order, or none, is the same "not found".
 */
export async function outcomeOf(
  db: Db,
  principal: Principal,
  orderId: number,
): Promise<{ outcome: Outcome; reason: string | null; decidedAt: string | null }> {
  const [row] = await db.select().from(cases).where(eq(cases.orderId, orderId));
  if (!row || row.userId !== principal.userId) throw new NotFoundError('Order not found.');
  const decidedAt = row.decidedAt?.toISOString() ?? null;
  if (row.status === 'denied') return { outcome: 'denied', reason: row.outcomeReason, decidedAt };
  if (row.status === 'approved' || row.status === 'accepted')
    return { outcome: 'approved', reason: null, decidedAt };
  if (row.status === 'appointment-required' && row.outcome && row.outcome !== 'denied')
    return { outcome: row.outcome, reason: null, decidedAt: null };
  return { outcome: 'pending', reason: null, decidedAt: null };
}
