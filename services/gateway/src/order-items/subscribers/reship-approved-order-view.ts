/**
 * Fulfilment's reship-approved: the parcel's replacement request was approved.
 * Logged once and the order projected again: a redelivery changes nothing.
 */
import { reshipApproved } from '@clinic/contracts';
import { orderViewSubscriber } from './order-view-subscriber';

export const reshipApprovedOrderView = orderViewSubscriber(reshipApproved);
