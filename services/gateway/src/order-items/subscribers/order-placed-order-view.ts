/**
 * Fulfilment's order-placed: order_placed (or resumed after a pause) and its processing day.
 * Logged once and the order projected again: a redelivery changes nothing.
 */
import { orderPlaced } from '@clinic/contracts';
import { orderViewSubscriber } from './order-view-subscriber';

export const orderPlacedOrderView = orderViewSubscriber(orderPlaced);
