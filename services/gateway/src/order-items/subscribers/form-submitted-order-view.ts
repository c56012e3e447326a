/**
 * Forms' form-submitted: the assessment is in (submitted 1), waiting for the prescription, or
 * still pending_approval while a required identity video is missing.
 * Logged once and the order projected again: a redelivery changes nothing.
 */
import { formSubmitted } from '@clinic/contracts';
import { orderViewSubscriber } from './order-view-subscriber';

export const formSubmittedOrderView = orderViewSubscriber(formSubmitted);
