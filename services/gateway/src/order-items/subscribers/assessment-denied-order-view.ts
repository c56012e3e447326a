/**
 * The clinic's assessment-denied: the order ends as denied (checkout refunds it).
 * Logged once and the order projected again: a redelivery changes nothing.
 */
import { assessmentDenied } from '@clinic/contracts';
import { orderViewSubscriber } from './order-view-subscriber';

export const assessmentDeniedOrderView = orderViewSubscriber(assessmentDenied);
