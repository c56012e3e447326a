/**
 * Checkout's payment-succeeded: a first checkout makes the order's item (pending_approval, the
 * questionnaire next) with its product and payment; an add-on or a renewal shows nothing new.
 * Logged once and the order projected again: a redelivery changes nothing.
 */
import { paymentSucceeded } from '@clinic/contracts';
import { orderViewSubscriber } from './order-view-subscriber';

export const paymentSucceededOrderView = orderViewSubscriber(paymentSucceeded);
