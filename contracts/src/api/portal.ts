/**
 * The portal's aggregated order view (spec 002, Order tracking tab; issue 17): served by the
 * gateway from its own read model, built from the events of checkout, forms, clinic and
 * fulfilment (BRIEF section 4, "The order's life").
 */
import { z } from 'zod';
import { appointmentRequired } from '../events/clinic';
import { shipmentKinds } from '../events/fulfillment';
import { orderStatuses, reshipRequestStates } from '../rules/order-statuses';
import { defineRoute } from './route';

/**
 * The order's `submitted` value: where its assessment stands. 4 is spec 002's "prescription
 * waiting for the patient" (the adjust-doses link shows on prescription_received).
 */
export const submittedValues = {
  notSubmitted: 0,
  submitted: 1,
  prescriptionPending: 4,
  prescriptionAccepted: 5,
} as const;

/** A prescription entry of an order (spec 002 section 3: order data). */
export const prescriptionEntrySchema = z.object({
  name: z.string(),
  directions: z.string(),
  medId: z.string(),
  /** mg, for the GLP-1's months; null for other items (the anti-nausea tablets). */
  strength: z.number().nullable(),
  rxId: z.string(),
  transactionId: z.string().nullable(),
  /** Ours: the month of the dose schedule this strength is for (1-based); null for other items. */
  month: z.number().int().nullable(),
});
export type PrescriptionEntry = z.infer<typeof prescriptionEntrySchema>;

/**
 * Ours: where the identity video stands. 'missing': asked for (by the state's rule when the
 * assessment was sent, or by the clinician) and not received since; 'received': in.
 */
export const identityVideoProgress = ['missing', 'received'] as const;
export type IdentityVideoProgress = (typeof identityVideoProgress)[number];

/** One progress item of the Order tracking tab (spec 002 section 3, Order). */
export const progressItemSchema = z.object({
  /** The checkout order. A renewal's or a reship's shipment carries its order's id. */
  id: z.number().int(),
  status: z.enum(orderStatuses),
  product_id: z.number().int().nullable(),
  created_at: z.iso.datetime(),
  prescription_data: z.array(prescriptionEntrySchema),
  /** The encounter id of the clinician's review (Doctor on Demand reads it). */
  external_visit_id: z.string().nullable(),
  provider: z.number().int().nullable(),
  payment_intent_id: z.string().nullable(),
  tracking_number: z.string().nullable(),
  logistics_provider: z.string().nullable(),
  submitted: z.number().int(),
  /** Ours: a stable key of the item (`order-{id}`, or `shipment-{n}` for a refill or reship). */
  item_id: z.string(),
  /** Ours: the order itself, a renewal's next supply, or a replacement. */
  kind: z.enum(shipmentKinds),
  product_name: z.string().nullable(),
  /** Ours: the pharmacy's order number, once fulfilment made the shipment. */
  order_number: z.string().nullable(),
  /** Ours: the Pacific day the pharmacy processes it (the same-day promise), once placed. */
  processing_day: z.iso.date().nullable(),
  shipped_at: z.iso.datetime().nullable(),
  delivered_at: z.iso.datetime().nullable(),
  updated_at: z.iso.datetime(),
  // The five below came later: an item stored before them reads null until the view is rebuilt
  // (npm run rebuild:order-items -w @clinic/gateway).
  /** Ours: the identity video; null when none is asked for. */
  identity_video: z.enum(identityVideoProgress).nullable().default(null),
  /** Ours: what the clinician asked for before deciding, while the order waits for it. */
  appointment: appointmentRequired.schema.shape.kind.nullable().default(null),
  /** Ours: the last moment a replacement can be asked for (7 days after delivery). */
  reship_until: z.iso.datetime().nullable().default(null),
  /** Ours: the parcel's latest replacement request; null when none was made. */
  reship_request: z.enum(reshipRequestStates).nullable().default(null),
  /**
   * Ours: when the clinician last wrote to the patient (a note in Doctor on Demand) while the
   * order waits at the doctor's step; null otherwise.
   */
  doctor_note_at: z.iso.datetime().nullable().default(null),
});
export type ProgressItem = z.infer<typeof progressItemSchema>;

export const orderItems = defineRoute({
  method: 'get',
  path: '/api/order-items',
  service: 'gateway',
  auth: 'patient',
  summary:
    "The caller's orders and shipments, newest first, with each one's status, prescription and tracking; and the caller's health id. Served from the gateway's read model of the services' events.",
  response: z.object({
    status: z.literal('success'),
    orders: z.array(progressItemSchema),
    health_id: z.string().nullable(),
  }),
});
