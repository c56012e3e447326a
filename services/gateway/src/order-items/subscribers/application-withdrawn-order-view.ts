/**
 * Forms' application-withdrawn: the order ends as withdrawn (checkout refunds it).
 * Logged once and the order projected again: a redelivery changes nothing.
 */
import { applicationWithdrawn } from '@clinic/contracts';
import { orderViewSubscriber } from './order-view-subscriber';

export const applicationWithdrawnOrderView = orderViewSubscriber(applicationWithdrawn);
