/**
 * Forms' identity-video-uploaded: an assessment held for its video waits for the prescription.
 * Logged once and the order projected again: a redelivery changes nothing.
 */
import { identityVideoUploaded } from '@clinic/contracts';
import { orderViewSubscriber } from './order-view-subscriber';

export const identityVideoUploadedOrderView = orderViewSubscriber(identityVideoUploaded);
