/**
 * Fulfilment's order-delivered: order_delivered.
 * Logged once and the order projected again: a redelivery changes nothing.
 */
import { orderDelivered } from '@clinic/contracts';
import { orderViewSubscriber } from './order-view-subscriber';

export const orderDeliveredOrderView = orderViewSubscriber(orderDelivered);
