/**
 * Fulfilment's reship-refused: the parcel's replacement request was refused.
 * Logged once and the order projected again: a redelivery changes nothing.
 */
import { reshipRefused } from '@clinic/contracts';
import { orderViewSubscriber } from './order-view-subscriber';

export const reshipRefusedOrderView = orderViewSubscriber(reshipRefused);
