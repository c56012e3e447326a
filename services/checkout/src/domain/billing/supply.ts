import { sql } from 'drizzle-orm';
import type { PaymentTerm } from '@clinic/contracts';
import type { Tx } from '@clinic/kit';
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
  for (const shipment of shipmentsPaidBy(paid.term, paid.paymentNumber, paid.paidAt))
    await tx.execute(
      sql`insert into checkout.supply_shipments (subscription_id, transaction_id, ship_on, vials)
          values (${paid.subscriptionId}, ${paid.transactionId}, ${shipment.shipOn}, ${shipment.vials})
          on conflict (transaction_id, ship_on) do nothing`,
    );
}
