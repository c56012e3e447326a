/**
 * The number the portal shows for a refill or replacement shipment: the one fulfilment announced
 * in shipment-created. Fulfilment numbered shipments "GLP-{order}-{n}" before the one order
 * number (contracts' `orderNumber`, issue 26), and the gateway's log keeps those events (so may
 * Kafka, for a while): such a number is read as the one fulfilment's migration
 * (0002_order_numbers.sql) gave the shipment, its count among the order's shipments of its kind.
 */
import { orderNumber, shipmentCreated, type EventData } from '@clinic/contracts';

const legacyNumber = /^GLP-\d+-\d+$/;

export function shipmentNumber(
  orderEvents: readonly { name: string; version: number; data: unknown }[],
  created: EventData<typeof shipmentCreated>,
): string {
  if (!legacyNumber.test(created.orderNumber)) return created.orderNumber;
  const sameKind = new Set<number>();
  for (const event of orderEvents) {
    if (event.name !== shipmentCreated.name || event.version !== shipmentCreated.version) continue;
    const other = event.data as EventData<typeof shipmentCreated>;
    if (other.kind === created.kind && other.shipmentId <= created.shipmentId)
      sameKind.add(other.shipmentId);
  }
  return orderNumber(created.orderId, { kind: created.kind, sequence: sameKind.size });
}
