import type { AuditActionOf, ShipmentSummary } from '@clinic/contracts';
import type { AuditTrail, ServiceRuntime } from '@clinic/kit';
import type { Pharmacist } from './staff';

export type FulfillmentAuditAction = AuditActionOf<'fulfillment'>;

/**
 * Fulfilment's lines on the kit's audit trail: a staff member read a patient's prescription or
 * reship photo, or moved their shipment. Written before a read is answered and in the same
 * transaction as a step, so neither happens unrecorded. A line names what (`refs.shipment`,
 * `refs.reship`, the patient), never the content.
 */
export function fulfillmentAudit(runtime: ServiceRuntime): AuditTrail<FulfillmentAuditAction> {
  return runtime.audit.of<FulfillmentAuditAction>();
}

/**
 * The pharmacy's queue names each patient with their medication: a line per shipment listed
 * (the tab, or the number searched, as the subject), re-reads within 15 minutes adding none,
 * written before the list is answered. The reship queue writes its own (reships.ts).
 */
export async function recordShipmentsListed(
  runtime: ServiceRuntime,
  who: Pharmacist,
  listed: readonly ShipmentSummary[],
  subject: string,
): Promise<void> {
  const at = runtime.clock.now();
  await fulfillmentAudit(runtime).recordEachPerWindow(
    runtime.db,
    who,
    listed.map((s) => ({
      action: 'shipment.list',
      patientId: s.userId,
      orderId: s.orderId,
      subject,
      refs: { shipment: s.shipmentId },
      at,
    })),
  );
}
