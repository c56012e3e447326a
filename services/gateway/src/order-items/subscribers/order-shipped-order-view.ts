/**
 * Fulfilment's order-shipped: order_shipped with the carrier and the tracking number.
 * Logged once and the order projected again: a redelivery changes nothing.
 */
import { orderShipped } from '@clinic/contracts';
import { orderViewSubscriber } from './order-view-subscriber';

export const orderShippedOrderView = orderViewSubscriber(orderShipped);
