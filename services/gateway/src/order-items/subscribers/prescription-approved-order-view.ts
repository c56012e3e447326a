/**
 * The clinic's prescription-approved: prescription_received (submitted 4) with the prescription,
 * the GLP-1 listed month by month.
 * Logged once and the order projected again: a redelivery changes nothing.
 */
import { prescriptionApproved } from '@clinic/contracts';
import { orderViewSubscriber } from './order-view-subscriber';

export const prescriptionApprovedOrderView = orderViewSubscriber(prescriptionApproved);
