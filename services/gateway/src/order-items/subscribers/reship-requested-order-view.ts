/**
 * Fulfilment's reship-requested: the parcel's replacement request waits (no reship link meanwhile).
 * Logged once and the order projected again: a redelivery changes nothing.
 */
import { reshipRequested } from '@clinic/contracts';
import { orderViewSubscriber } from './order-view-subscriber';

export const reshipRequestedOrderView = orderViewSubscriber(reshipRequested);
