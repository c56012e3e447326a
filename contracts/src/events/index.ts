import { sessionsRevoked } from './identity';
import { campaignVisited, leadDisqualified, leadQualified, stateRulesChanged } from './intake';
import {
  cartSaved,
  paymentSucceeded,
  refundIssued,
  renewalSupplyUpcoming,
  subscriptionCancelled,
} from './payments';
import { catalogChanged } from './catalog';
import {
  appointmentRequired,
  assessmentDenied,
  clinicalRecordOpened,
  clinicianNoteWritten,
  doseAdjustmentSubmitted,
  prescriptionAccepted,
  prescriptionApproved,
} from './clinic';
import { doctorNotePosted, patientWroteToDoctor } from './chat';
import { contactVerification, patientContactChanged, shippingAddressSaved } from './contact';
import {
  applicationWithdrawn,
  formSubmitted,
  identityVideoUploaded,
  missedDosesFlagged,
  refillCheckInMissed,
  sideEffectReported,
} from './forms';
import {
  orderDelivered,
  orderPlaced,
  orderShipped,
  refillCancelled,
  refillCheckInDue,
  reshipApproved,
  reshipRefused,
  reshipRequested,
  shipmentCreated,
  shipmentReleased,
  shippingPaused,
} from './fulfillment';
import { EventRegistry } from './registry';

export * from './envelope';
export * from './registry';
export * from './identity';
export * from './intake';
export * from './payments';
export * from './catalog';
export * from './clinic';
export * from './chat';
export * from './contact';
export * from './forms';
export * from './fulfillment';

/** The product's events; every published event is registered here with its payload schema. */
export const productEvents = new EventRegistry([
  leadQualified,
  leadDisqualified,
  campaignVisited,
  stateRulesChanged,
  paymentSucceeded,
  cartSaved,
  catalogChanged,
  subscriptionCancelled,
  renewalSupplyUpcoming,
  refundIssued,
  assessmentDenied,
  shippingAddressSaved,
  patientContactChanged,
  contactVerification,
  formSubmitted,
  applicationWithdrawn,
  identityVideoUploaded,
  sideEffectReported,
  missedDosesFlagged,
  refillCheckInMissed,
  prescriptionApproved,
  prescriptionAccepted,
  doseAdjustmentSubmitted,
  clinicalRecordOpened,
  appointmentRequired,
  clinicianNoteWritten,
  doctorNotePosted,
  patientWroteToDoctor,
  shipmentCreated,
  orderPlaced,
  shippingPaused,
  orderShipped,
  orderDelivered,
  reshipRequested,
  reshipApproved,
  reshipRefused,
  refillCheckInDue,
  refillCancelled,
  shipmentReleased,
  sessionsRevoked,
]);
