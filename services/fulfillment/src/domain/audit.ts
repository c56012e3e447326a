import type { AuditTrail, ServiceRuntime } from '@clinic/kit';

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
 * Fulfilment's lines on the kit's audit trail: a staff member read a patient's prescription or
 * reship photo, or moved their shipment. Written before a read is answered and in the same
 * transaction as a step, so neither happens unrecorded. A line names what (`refs.shipment`,
 * `refs.reship`, the patient), never the content.
 */
export function fulfillmentAudit(runtime: ServiceRuntime): AuditTrail<FulfillmentAuditAction> {
  return runtime.audit.of<FulfillmentAuditAction>();
}
