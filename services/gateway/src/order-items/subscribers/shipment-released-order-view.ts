/**
 * Fulfilment's shipment-released: the refill's check-in was approved and accepted; it is with
 * the pharmacy (prescription_received). Logged once and the order projected again.
 */
import { shipmentReleased } from '@clinic/contracts';
import { orderViewSubscriber } from './order-view-subscriber';

export const shipmentReleasedOrderView = orderViewSubscriber(shipmentReleased);
