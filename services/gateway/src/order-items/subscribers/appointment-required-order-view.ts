/**
 * The clinic's appointment-required: the order is appointment_required.
 * Logged once and the order projected again: a redelivery changes nothing.
 */
import { appointmentRequired } from '@clinic/contracts';
import { orderViewSubscriber } from './order-view-subscriber';

export const appointmentRequiredOrderView = orderViewSubscriber(appointmentRequired);
