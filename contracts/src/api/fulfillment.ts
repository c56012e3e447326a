/**
 * Fulfilment (issue 17): the pharmacy's part of the staff console (shipments to place, pause,
 * ship and deliver; reship requests) and the patient's reship calls of spec 002
 * (get-shipped-items, submit-reship-request). Console paths are ours (BRIEF section 2).
 */
import { z } from 'zod';
import { drugs } from '../constants/catalog';
import { shipmentKinds } from '../events/fulfillment';
import { reshipRequestStates, shipmentStatuses } from '../rules/order-statuses';
import { carriers } from '../rules/shipping';
import { multilineText, numeric, requiredText, rowId, text } from './fields';
import { orderNumberQuery } from './order-search';
import { defineRoute } from './route';
import { pauseReasonMax, reshipReasonMax } from '../rules/pharmacy';

/** Spec 002's reship texts, and ours where the spec leaves the server's answer open. */
export const reshipMessages = {
  selectItem: 'Please select at least one item to continue.',
  enterReason: 'Please enter a reason to continue.',
  uploadImage: 'Please upload an image to continue.',
  selectImage: 'Please select an image file.',
  imageTooLarge: 'File size must be less than 5MB.',
  noItems: 'No items available for reshipping. Please contact support.',
  itemsFailed: 'An error occurred while getting items shipped. Please contact support.',
  thankYou:
    'Thank you! Your request have been received. We will review and get back to you with any clarification needed',
  /** Ours: the 7-day window the spec states in text, enforced here. */
  windowClosed:
    'Replacement requests can be made within 7 days of delivery. Please contact support about this order.',
  /** Ours: an item that is not one of the caller's delivered shipments. */
  unknownItem: 'This item is not one of your delivered orders.',
  /** Ours: one request at a time per shipment. */
  alreadyRequested: 'A replacement for this order has already been requested.',
} as const;

/** Messages the pharmacy console shows verbatim. */
export const pharmacyMessages = {
  shipmentNotFound: 'No such shipment.',
  reshipNotFound: 'No such reship request.',
  /** A step out of order: the shipment's status says what it is waiting for. */
  notNow: (status: string) =>
    `This shipment is ${status.replace(/_/g, ' ')}; that step does not apply now.`,
  waitingForCheckIn: 'This refill waits for the patient’s check-in and the clinician’s approval.',
  noAddress: 'This patient has no shipping address on file yet.',
  /** The per-state rules now refuse the address's state (an admin changed them after the sale). */
  cannotShipTo: (state: string) =>
    `We cannot ship to ${state} under the state rules in force. Pause it and ask support to get an address in another state from the patient.`,
  reshipDecided: 'This reship request was already decided.',
  unknownCarrier: 'Choose FedEx or UPS.',
} as const;

export const shipmentFilters = ['to-place', 'placed', 'paused', 'shipped', 'delivered'] as const;
export type ShipmentFilter = (typeof shipmentFilters)[number];

export const shipmentSummarySchema = z.object({
  shipmentId: z.number().int(),
  orderNumber: z.string(),
  orderId: z.number().int(),
  userId: z.number().int(),
  patientName: z.string(),
  state: z.string().nullable(),
  kind: z.enum(shipmentKinds),
  drug: z.enum(drugs),
  medName: z.string(),
  vials: z.number().int(),
  status: z.enum(shipmentStatuses),
  /** GLP-1 vials travel cold: they ship overnight. */
  coldChain: z.boolean(),
  /** When it became ready to place (the prescription accepted, the reship approved). */
  readyAt: z.iso.datetime().nullable(),
  /** Placed now, the Pacific day it would be processed, and whether that is today. */
  processingDay: z.iso.date(),
  sameDay: z.boolean(),
  carrier: z.enum(carriers).nullable(),
  trackingNumber: z.string().nullable(),
  updatedAt: z.iso.datetime(),
});
export type ShipmentSummary = z.infer<typeof shipmentSummarySchema>;

export const pharmacyQueue = defineRoute({
  method: 'get',
  path: '/api/console/pharmacy/shipments',
  service: 'fulfillment',
  auth: 'staff',
  staffRoles: ['pharmacy'],
  summary:
    "Shipments by step: to place (oldest first), placed, paused, shipped, delivered (newest first); with the same-day cut-off. With `number`, that order's shipments.",
  query: z.object({
    filter: z.enum(shipmentFilters).default('to-place'),
    number: orderNumberQuery().optional(),
  }),
  response: z.object({
    status: z.literal('success'),
    /** The Pacific cut-off as it stands now: before 3 PM Monday to Thursday is same-day. */
    cutoff: z.object({ processingDay: z.iso.date(), sameDay: z.boolean() }),
    shipments: z.array(shipmentSummarySchema),
  }),
});

const shipmentParams = z.object({ shipmentId: numeric(rowId()) });

export const shipmentAddressSchema = z.object({
  address_line_1: z.string(),
  address_line_2: z.string().nullable(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
});

export const shipmentViewSchema = z.object({
  shipment: shipmentSummarySchema,
  patient: z.object({
    name: z.string(),
    phone: z.string().nullable(),
    email: z.string().nullable(),
  }),
  address: shipmentAddressSchema.nullable(),
  /** What the pharmacy fills: each item's name and directions, as prescribed. */
  items: z.array(z.object({ name: z.string(), directions: z.string() })),
  doseSchedule: z.array(z.number()),
  history: z.array(
    z.object({
      step: z.string(),
      by: z.string().nullable(),
      at: z.iso.datetime(),
      note: z.string().nullable(),
    }),
  ),
});
export type ShipmentView = z.infer<typeof shipmentViewSchema>;

export const pharmacyShipment = defineRoute({
  method: 'get',
  path: '/api/console/pharmacy/shipments/:shipmentId',
  service: 'fulfillment',
  auth: 'staff',
  staffRoles: ['pharmacy'],
  summary:
    'One shipment as the pharmacist fills it: patient, address, prescription items and directions, history. Every read is audited.',
  params: shipmentParams,
  response: z.object({ status: z.literal('success'), view: shipmentViewSchema }),
});

const stepResponse = z.object({ status: z.literal('success'), shipment: shipmentSummarySchema });

export const placeShipment = defineRoute({
  method: 'post',
  path: '/api/console/pharmacy/shipments/:shipmentId/place',
  service: 'fulfillment',
  auth: 'staff',
  staffRoles: ['pharmacy'],
  summary:
    'Places the pharmacy order (order_placed), or resumes a paused one; the patient is told the processing day.',
  params: shipmentParams,
  response: stepResponse,
});

export const pauseShipment = defineRoute({
  method: 'post',
  path: '/api/console/pharmacy/shipments/:shipmentId/pause',
  service: 'fulfillment',
  auth: 'staff',
  staffRoles: ['pharmacy'],
  summary: 'Pauses a shipment (shipping_paused) with a reason the patient receives by email.',
  params: shipmentParams,
  body: z.object({
    reason: multilineText(pauseReasonMax).regex(/\S/, 'Say why the shipment is paused.'),
  }),
  response: stepResponse,
});

export const shipShipment = defineRoute({
  method: 'post',
  path: '/api/console/pharmacy/shipments/:shipmentId/ship',
  service: 'fulfillment',
  auth: 'staff',
  staffRoles: ['pharmacy'],
  summary:
    "Ships a placed shipment with its carrier and tracking number (checked against the carrier's format); the patient gets the tracking link.",
  params: shipmentParams,
  body: z.object({
    carrier: z.enum(carriers, { error: pharmacyMessages.unknownCarrier }),
    tracking_number: text(40),
  }),
  response: stepResponse,
});

export const deliverShipment = defineRoute({
  method: 'post',
  path: '/api/console/pharmacy/shipments/:shipmentId/deliver',
  service: 'fulfillment',
  auth: 'staff',
  staffRoles: ['pharmacy'],
  summary: 'Marks a shipped shipment delivered (order_delivered); the 7-day reship window starts.',
  params: shipmentParams,
  response: stepResponse,
});

export const reshipRequestSchema = z.object({
  reshipId: z.number().int(),
  shipmentId: z.number().int(),
  orderNumber: z.string(),
  orderId: z.number().int(),
  patientName: z.string(),
  items: z.array(z.object({ id: z.string(), name: z.string() })),
  reason: z.string(),
  /** The evidence photo's stored name; read it through the evidence URL call. */
  hasImage: z.boolean(),
  deliveredAt: z.iso.datetime(),
  requestedAt: z.iso.datetime(),
  status: z.enum(reshipRequestStates),
  decidedBy: z.string().nullable(),
  decidedAt: z.iso.datetime().nullable(),
  refusalReason: z.string().nullable(),
  /** The replacement shipment, once approved. */
  newShipmentId: z.number().int().nullable(),
  /** Its order number, as the patient reads it ("#1042 (replacement 1)"). */
  newOrderNumber: z.string().nullable(),
});
export type ReshipRequest = z.infer<typeof reshipRequestSchema>;

export const reshipQueue = defineRoute({
  method: 'get',
  path: '/api/console/pharmacy/reships',
  service: 'fulfillment',
  auth: 'staff',
  staffRoles: ['pharmacy'],
  summary: 'Reship requests waiting (oldest first) or decided (newest first).',
  query: z.object({ filter: z.enum(['waiting', 'decided']).default('waiting') }),
  response: z.object({ status: z.literal('success'), reships: z.array(reshipRequestSchema) }),
});

const reshipParams = z.object({ reshipId: numeric(rowId()) });

export const reshipEvidenceUrl = defineRoute({
  method: 'get',
  path: '/api/console/pharmacy/reships/:reshipId/evidence-url',
  service: 'fulfillment',
  auth: 'staff',
  staffRoles: ['pharmacy'],
  summary: "A short-lived signed URL to the reship request's photo (audited).",
  params: reshipParams,
  response: z.object({
    status: z.literal('success'),
    url: z.string(),
    expiresAt: z.iso.datetime(),
  }),
});

export const approveReship = defineRoute({
  method: 'post',
  path: '/api/console/pharmacy/reships/:reshipId/approve',
  service: 'fulfillment',
  auth: 'staff',
  staffRoles: ['pharmacy'],
  summary: 'Approves a reship request: a replacement shipment is created, ready to place.',
  params: reshipParams,
  response: z.object({ status: z.literal('success'), reship: reshipRequestSchema }),
});

export const refuseReship = defineRoute({
  method: 'post',
  path: '/api/console/pharmacy/reships/:reshipId/refuse',
  service: 'fulfillment',
  auth: 'staff',
  staffRoles: ['pharmacy'],
  summary: 'Refuses a reship request with a reason emailed to the patient.',
  params: reshipParams,
  body: z.object({
    reason: multilineText(pauseReasonMax).regex(/\S/, 'Say why the request is refused.'),
  }),
  response: z.object({ status: z.literal('success'), reship: reshipRequestSchema }),
});

/** One delivered shipment the patient may ask to replace (spec 002: external_order_number, med_name). */
export const shippedOrderSchema = z.object({
  external_order_number: z.string(),
  med_name: z.string(),
  /** Ours: when it was delivered, and the last day a replacement may be requested. */
  delivered_at: z.iso.datetime(),
  reship_until: z.iso.datetime(),
});

export const getShippedItems = defineRoute({
  method: 'get',
  path: '/api/get-shipped-items',
  service: 'fulfillment',
  auth: 'patient',
  summary:
    "The caller's delivered shipments within the 7-day reship window, without an open request (spec 002: items[0].orders).",
  response: z.object({
    success: z.literal(true),
    items: z.array(z.object({ orders: z.array(shippedOrderSchema) })),
  }),
});

export const submitReshipRequest = defineRoute({
  method: 'post',
  path: '/api/submit-reship-request',
  service: 'fulfillment',
  auth: 'patient',
  summary:
    "Asks for a replacement of delivered items within 7 days of delivery, with a reason and a photo (get-signed-url's upload, checked as an image under 5 MB).",
  body: z.object({
    reason: multilineText(reshipReasonMax).regex(/\S/, reshipMessages.enterReason),
    /** The uploaded photo: get-signed-url's file_name, or its public URL. */
    image: requiredText(2000, reshipMessages.uploadImage),
    items: z
      .array(z.object({ name: text(200), id: text(100).regex(/\S/, reshipMessages.selectItem) }))
      .min(1, reshipMessages.selectItem)
      .max(20),
  }),
  response: z.object({ success: z.literal(true), message: z.string() }),
});
