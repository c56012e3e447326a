/**
 * Fulfilment's refill-cancelled: a refill whose renewal will not be charged (the subscription
 * ended) leaves the patient's orders. Logged once and the order projected again: a redelivery
 * changes nothing.
 */
import { refillCancelled } from '@clinic/contracts';
import { orderViewSubscriber } from './order-view-subscriber';

export const refillCancelledOrderView = orderViewSubscriber(refillCancelled);
