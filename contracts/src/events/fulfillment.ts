import { z } from 'zod';
import { carriers } from '../rules/shipping';
import { defineEvent } from './envelope';

/**
 * Fulfilment's events (issue 17): the pharmacy's steps of an order (spec 002's order_placed,
 * shipping_paused, order_shipped, order_delivered) and reship requests. Each names the
 * shipment, the checkout order it supplies and the patient; none carries a reason or a note
 * (a pharmacist's pause reason or a patient's reship reason may speak of their health): the
 * patient reads those in their email, staff in the console.
 */

/** Why a shipment exists: the order's first supply, a renewal's next supply, or a replacement. */
export const shipmentKinds = ['first', 'refill', 'reship'] as const;
export type ShipmentKind = (typeof shipmentKinds)[number];

const shipmentRef = {
  /** Fulfilment's shipment (one pharmacy order). */
  shipmentId: z.number().int(),
  /**
   * The shipment's number as the patient and staff read it: its order's ("#1042"), a refill's or
   * replacement's labelled ("#1042 (refill 2)"); contracts' `orderNumber` writes it.
   */
  orderNumber: z.string(),
  /** The checkout order it supplies. */
  orderId: z.number().int(),
  userId: z.number().int(),
};

export const shipmentCreated = defineEvent({
  name: 'shipment-created',
  version: 1,
  keyOf: (d) => String(d.orderId),
  description:
    'Fulfilment created a shipment for an order: its first supply (prescription accepted), a renewal supply or an approved reship. The pharmacy places it next (a refill waits for its check-in first).',
  schema: z.object({
    ...shipmentRef,
    kind: z.enum(shipmentKinds),
    /** The shipment a reship replaces; null otherwise. */
    replaces: z.number().int().nullable(),
    vials: z.number().int(),
    /** The medication's name as the pharmacy fills it (no strength: the prescription has it). */
    medName: z.string(),
    /** A refill waits for the patient's check-in and the clinician's approval before placing. */
    waitingOn: z.enum(['pharmacy', 'check-in']),
    createdAt: z.iso.datetime(),
  }),
});

export const orderPlaced = defineEvent({
  name: 'order-placed',
  version: 1,
  keyOf: (d) => String(d.orderId),
  description:
    "The pharmacist placed the shipment's pharmacy order (order_placed), or resumed a paused one; processingDay is the Pacific day it is processed (same day before 3 PM Monday to Thursday).",
  schema: z.object({
    ...shipmentRef,
    processingDay: z.iso.date(),
    sameDay: z.boolean(),
    resumed: z.boolean(),
    placedAt: z.iso.datetime(),
  }),
});

export const shippingPaused = defineEvent({
  name: 'shipping-paused',
  version: 1,
  keyOf: (d) => String(d.orderId),
  description:
    'The pharmacist paused a shipment (shipping_paused); the reason goes to the patient by email, never in the event.',
  schema: z.object({ ...shipmentRef, pausedAt: z.iso.datetime() }),
});

export const orderShipped = defineEvent({
  name: 'order-shipped',
  version: 1,
  keyOf: (d) => String(d.orderId),
  description:
    'The shipment left the pharmacy with a carrier and a tracking number checked against the carrier (order_shipped); cold-chain parcels go overnight.',
  schema: z.object({
    ...shipmentRef,
    carrier: z.enum(carriers),
    trackingNumber: z.string(),
    overnight: z.boolean(),
    shippedAt: z.iso.datetime(),
  }),
});

export const orderDelivered = defineEvent({
  name: 'order-delivered',
  version: 1,
  keyOf: (d) => String(d.orderId),
  description:
    'The carrier delivered the shipment (order_delivered); the 7-day reship window starts.',
  schema: z.object({ ...shipmentRef, deliveredAt: z.iso.datetime() }),
});

/**
 * A refill a coming renewal was to pay for (renewal-supply-upcoming) will not ship: the
 * subscription ended before the charge. Forms closes its check-in if still open; the portal
 * drops the refill from the patient's orders.
 */
export const refillCancelled = defineEvent({
  name: 'refill-cancelled',
  version: 1,
  keyOf: (d) => String(d.orderId),
  description:
    'A refill waiting for its check-in will not ship: the renewal that was to pay for it will not be charged (the subscription ended). Its check-in closes and the portal drops it.',
  schema: z.object({ ...shipmentRef, cancelledAt: z.iso.datetime() }),
});

/** How long before a refill ships the patient is asked for the refill check-in. */
export const refillCheckInLeadDays = 7;

export const refillCheckInDue = defineEvent({
  name: 'refill-check-in-due',
  version: 1,
  keyOf: (d) => String(d.orderId),
  description:
    "A refill shipment is due in 7 days: the patient's refill check-in (forms' refill questionnaire) opens, and the shipment waits for the clinician's approval of it.",
  schema: z.object({
    ...shipmentRef,
    /** When the refill is due to ship, once its check-in is approved. */
    shipOn: z.iso.datetime(),
    dueAt: z.iso.datetime(),
  }),
});

export const shipmentReleased = defineEvent({
  name: 'shipment-released',
  version: 1,
  keyOf: (d) => String(d.orderId),
  description:
    "A refill's check-in was approved and its prescription accepted: the shipment is ready for the pharmacy (prescription_received).",
  schema: z.object({
    ...shipmentRef,
    prescriptionId: z.string(),
    releasedAt: z.iso.datetime(),
  }),
});

const reshipRef = { reshipId: z.number().int(), ...shipmentRef };

export const reshipRequested = defineEvent({
  name: 'reship-requested',
  version: 1,
  keyOf: (d) => String(d.orderId),
  description:
    "A patient asked for a replacement of a delivered shipment within 7 days of delivery (the reason and photo stay in fulfilment); it waits in the pharmacy's reship queue.",
  schema: z.object({ ...reshipRef, requestedAt: z.iso.datetime() }),
});

export const reshipApproved = defineEvent({
  name: 'reship-approved',
  version: 1,
  keyOf: (d) => String(d.orderId),
  description:
    'The pharmacy approved a reship request; newShipmentId is the replacement shipment (its shipment-created follows in the same transaction).',
  schema: z.object({
    ...reshipRef,
    newShipmentId: z.number().int(),
    approvedAt: z.iso.datetime(),
  }),
});

export const reshipRefused = defineEvent({
  name: 'reship-refused',
  version: 1,
  keyOf: (d) => String(d.orderId),
  description:
    'The pharmacy refused a reship request; the reason is emailed to the patient, never carried in the event.',
  schema: z.object({ ...reshipRef, refusedAt: z.iso.datetime() }),
});
