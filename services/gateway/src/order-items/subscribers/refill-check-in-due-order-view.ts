/**
 * Fulfilment's refill-check-in-due: the refill waits for the patient's check-in (the refill
 * questionnaire, "Needs Review"). Logged once and the order projected again: a redelivery
 * changes nothing.
 */
import { refillCheckInDue } from '@clinic/contracts';
import { orderViewSubscriber } from './order-view-subscriber';

export const refillCheckInDueOrderView = orderViewSubscriber(refillCheckInDue);
