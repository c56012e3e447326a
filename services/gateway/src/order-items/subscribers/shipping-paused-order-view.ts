/**
 * Fulfilment's shipping-paused: shipping_paused.
 * Logged once and the order projected again: a redelivery changes nothing.
 */
import { shippingPaused } from '@clinic/contracts';
import { orderViewSubscriber } from './order-view-subscriber';

export const shippingPausedOrderView = orderViewSubscriber(shippingPaused);
