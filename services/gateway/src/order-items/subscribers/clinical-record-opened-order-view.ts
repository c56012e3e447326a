/**
 * The clinic's clinical-record-opened: the patient's health id, the order's encounter id.
 * Logged once and the order projected again: a redelivery changes nothing.
 */
import { clinicalRecordOpened } from '@clinic/contracts';
import { orderViewSubscriber } from './order-view-subscriber';

export const clinicalRecordOpenedOrderView = orderViewSubscriber(clinicalRecordOpened);
