/**
 * The chat's doctor-note-posted: a clinician's note is in the patient's Doctor on Demand thread,
 * so the order's card may send the patient there. Logged once and the order projected again: a
 * redelivery changes nothing. The event names the message, never its text.
 */
import { doctorNotePosted } from '@clinic/contracts';
import { orderViewSubscriber } from './order-view-subscriber';

export const doctorNotePostedOrderView = orderViewSubscriber(doctorNotePosted);
