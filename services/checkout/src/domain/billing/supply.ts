import type { PaymentTerm } from '@clinic/contracts';
import type { Tx } from '@clinic/kit';
import { supplyShipments } from '../../db/schema';
import { shipmentsPaidBy, type Shipment } from './subscription-rules';

/**
 * Records the shipments a subscription payment pays for (once per transaction and date) and
 * returns them, as payment-succeeded announces them to fulfilment.
 */
export async function recordSupply(
  tx: Tx,
  paid: {
    subscriptionId: number;
    transactionId: string;
    term: PaymentTerm;
    paymentNumber: number;
    paidAt: Date;
  },
): Promise<Shipment[]> {
  const shipments = shipmentsPaidBy(paid.term, paid.paymentNumber, paid.paidAt);
  if (shipments.length === 0) return shipments;
  await tx
    .insert(supplyShipments)
    .values(
      shipments.map((shipment) => ({
        subscriptionId: paid.subscriptionId,
        transactionId: paid.transactionId,
        shipOn: shipment.shipOn,
        vials: shipment.vials,
      })),
    )
    .onConflictDoNothing({ target: [supplyShipments.transactionId, supplyShipments.shipOn] });
  return shipments;
}
