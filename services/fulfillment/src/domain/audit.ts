import type { AuditActionOf } from '@clinic/contracts';
import type { AuditTrail, ServiceRuntime } from '@clinic/kit';

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
