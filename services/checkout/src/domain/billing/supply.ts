import type { PaymentTerm } from '@clinic/contracts';
import type { Tx } from '@clinic/kit';
import { supplyShipments } from '../../db/schema';
import { shipmentsPaidBy } from './subscription-rules';

/** Records the shipments a subscription payment pays for (once per transaction and date). */
export async function recordSupply(
  tx: Tx,
  paid: {
    subscriptionId: number;
    transactionId: string;
    term: PaymentTerm;
    paymentNumber: number;
    paidAt: Date;
  },
): Promise<void> {
  const shipments = shipmentsPaidBy(paid.term, paid.paymentNumber, paid.paidAt);
  if (shipments.length === 0) return;
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
}
