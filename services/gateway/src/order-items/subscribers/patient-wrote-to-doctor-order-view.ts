/**
 * The chat's patient-wrote-to-doctor: the patient wrote in Doctor on Demand on an order's visit,
 * so a note their doctor left them before is answered and the card stops asking. Logged once and
 * the order projected again: a redelivery changes nothing. The event carries no text.
 */
import { patientWroteToDoctor } from '@clinic/contracts';
import { orderViewSubscriber } from './order-view-subscriber';

export const patientWroteToDoctorOrderView = orderViewSubscriber(patientWroteToDoctor);
