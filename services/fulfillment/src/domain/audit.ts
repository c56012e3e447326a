import type { Db, Tx } from '@clinic/kit';
import { auditLog } from '../db/schema';
import type { Pharmacist } from './staff';

export type FulfillmentAuditAction =
  | 'shipment.read'
  | 'shipment.place'
  | 'shipment.pause'
  | 'shipment.ship'
  | 'shipment.deliver'
  | 'reship.read-photo'
  | 'reship.approve'
  | 'reship.refuse';

/**
 * One line of fulfilment's audit trail: a staff member read a patient's prescription or reship
 * photo, or moved their shipment. Written before a read is answered and in the same transaction
 * as a step, so neither happens unrecorded. It names what, never the content.
 */
export async function audit(
  db: Db | Tx,
  who: Pharmacist,
  entry: {
    action: FulfillmentAuditAction;
    shipmentId?: number;
    reshipId?: number;
    userId: number;
    at: Date;
  },
): Promise<void> {
  await db.insert(auditLog).values({
    staffId: who.id,
    role: who.role,
    action: entry.action,
    shipmentId: entry.shipmentId ?? null,
    reshipId: entry.reshipId ?? null,
    userId: entry.userId,
    address: who.ip,
    at: entry.at,
  });
}
