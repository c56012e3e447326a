/**
 * Forms' dose-adjustment-submitted: the prescription was declined; waiting_prescription again.
 * Logged once and the order projected again: a redelivery changes nothing.
 */
import { doseAdjustmentSubmitted } from '@clinic/contracts';
import { orderViewSubscriber } from './order-view-subscriber';

export const doseAdjustmentSubmittedOrderView = orderViewSubscriber(doseAdjustmentSubmitted);
