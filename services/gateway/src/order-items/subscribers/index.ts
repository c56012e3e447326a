import { applicationWithdrawnOrderView } from './application-withdrawn-order-view';
import { appointmentRequiredOrderView } from './appointment-required-order-view';
import { assessmentDeniedOrderView } from './assessment-denied-order-view';
import { clinicalRecordOpenedOrderView } from './clinical-record-opened-order-view';
import { doctorNotePostedOrderView } from './doctor-note-posted-order-view';
import { doseAdjustmentSubmittedOrderView } from './dose-adjustment-submitted-order-view';
import { formSubmittedOrderView } from './form-submitted-order-view';
import { identityVideoUploadedOrderView } from './identity-video-uploaded-order-view';
import { orderDeliveredOrderView } from './order-delivered-order-view';
import { orderPlacedOrderView } from './order-placed-order-view';
import { orderShippedOrderView } from './order-shipped-order-view';
import { patientWroteToDoctorOrderView } from './patient-wrote-to-doctor-order-view';
import { paymentSucceededOrderView } from './payment-succeeded-order-view';
import { prescriptionAcceptedOrderView } from './prescription-accepted-order-view';
import { prescriptionApprovedOrderView } from './prescription-approved-order-view';
import { refillCancelledOrderView } from './refill-cancelled-order-view';
import { refillCheckInDueOrderView } from './refill-check-in-due-order-view';
import { reshipApprovedOrderView } from './reship-approved-order-view';
import { reshipRefusedOrderView } from './reship-refused-order-view';
import { reshipRequestedOrderView } from './reship-requested-order-view';
import { shipmentCreatedOrderView } from './shipment-created-order-view';
import { shipmentReleasedOrderView } from './shipment-released-order-view';
import { shippingPausedOrderView } from './shipping-paused-order-view';

import type { RecentViews } from '../domain/recent-views';

/** The order view's subscribers, one per event it is built from (domain/projection.ts). */
const perEvent = [
  paymentSucceededOrderView,
  formSubmittedOrderView,
  identityVideoUploadedOrderView,
  applicationWithdrawnOrderView,
  appointmentRequiredOrderView,
  assessmentDeniedOrderView,
  clinicalRecordOpenedOrderView,
  prescriptionApprovedOrderView,
  prescriptionAcceptedOrderView,
  doseAdjustmentSubmittedOrderView,
  shipmentCreatedOrderView,
  orderPlacedOrderView,
  shippingPausedOrderView,
  orderShippedOrderView,
  orderDeliveredOrderView,
  refillCheckInDueOrderView,
  refillCancelledOrderView,
  shipmentReleasedOrderView,
  reshipRequestedOrderView,
  reshipApprovedOrderView,
  reshipRefusedOrderView,
  doctorNotePostedOrderView,
  patientWroteToDoctorOrderView,
];

export function orderViewSubscribers(views: RecentViews) {
  return perEvent.map((subscriber) => subscriber(views));
}
