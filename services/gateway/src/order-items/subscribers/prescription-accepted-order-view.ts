/**
 * The prescription-accepted event: the patient (or the 12-hour rule) accepted it (submitted 5).
 * Logged once and the order projected again: a redelivery changes nothing.
 */
import { prescriptionAccepted } from '@clinic/contracts';
import { orderViewSubscriber } from './order-view-subscriber';

export const prescriptionAcceptedOrderView = orderViewSubscriber(prescriptionAccepted);
