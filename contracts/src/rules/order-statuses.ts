/**
 * An order's statuses, once (spec 002 section 4, "Order statuses and tracker"): the pharmacy's
 * steps are the same words in fulfilment's shipments, the portal's order view and the tracker, so
 * each of those lists is built from the one below and none can drift from another.
 */

/** The pharmacy's part of an order's life, in order. */
export const pharmacyStatuses = [
  /** Ready for the pharmacist to place. */
  'prescription_received',
  'order_placed',
  'shipping_paused',
  'order_shipped',
  'order_delivered',
] as const;

/** An order's status as the tracker reads it (spec 002 section 4), plus the two ends of a refund. */
export const orderStatuses = [
  'payment',
  'payment_failed',
  'pending_approval',
  'appointment_required',
  'waiting_prescription',
  ...pharmacyStatuses,
  /** Ours: a clinician denied the assessment; checkout refunded it. */
  'denied',
  /** Ours: the patient withdrew (Process Refund); checkout refunded it. */
  'withdrawn',
] as const;
export type OrderStatus = (typeof orderStatuses)[number];

/** A shipment's status, in the order's words plus the refill's wait. */
export const shipmentStatuses = [
  /** A refill waits for the patient's check-in and the clinician's approval of the next dose. */
  'awaiting_check_in',
  ...pharmacyStatuses,
] as const;
export type ShipmentStatus = (typeof shipmentStatuses)[number];

/** The tracker's steps, in order: payment, the questionnaire, the doctor, then the pharmacy's. */
export const trackerStepKeys = [
  'payment',
  'pending_approval',
  'waiting_prescription',
  ...pharmacyStatuses,
] as const;
export type TrackerStepKey = (typeof trackerStepKeys)[number];

/** Where a delivered parcel's replacement request stands, as the pharmacy left it. */
export const reshipRequestStates = ['waiting', 'approved', 'refused'] as const;
export type ReshipRequestState = (typeof reshipRequestStates)[number];
