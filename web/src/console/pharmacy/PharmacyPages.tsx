/**
 * The pharmacy's pages of the console (admins see them too), downloaded the first time one opens,
 * like the clinician's: the orders to place, the shipments, one shipment, and the reships.
 */
import { ReshipsPage } from './ReshipsPage';
import { OrdersToPlacePage, ShipmentsPage } from './ShipmentListPages';
import { ShipmentPage } from './ShipmentPage';

export type PharmacyPageKey = 'orders-to-place' | 'shipments' | 'reships';

/** One pharmacy section's page, or one shipment when `shipmentId` is given. */
export default function PharmacyPages({
  section,
  shipmentId,
}: {
  section: PharmacyPageKey;
  shipmentId: number | null;
}) {
  if (shipmentId !== null && section !== 'reships')
    return <ShipmentPage key={shipmentId} shipmentId={shipmentId} section={section} />;
  switch (section) {
    case 'orders-to-place':
      return <OrdersToPlacePage />;
    case 'shipments':
      return <ShipmentsPage />;
    case 'reships':
      return <ReshipsPage />;
  }
}
