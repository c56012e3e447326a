/**
 * Fulfilment's shipment-created: the first shipment gives the order its pharmacy order number; a
 * refill or a reship is an item of its own.
 * Logged once and the order projected again: a redelivery changes nothing.
 */
import { shipmentCreated } from '@clinic/contracts';
import { orderViewSubscriber } from './order-view-subscriber';

export const shipmentCreatedOrderView = orderViewSubscriber(shipmentCreated);
