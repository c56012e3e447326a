/**
 * The support console's view of a patient's account (BRIEF section 4, issue 18): beside a chat,
 * the agent sees the person's orders and where each stands, served by the gateway from its order
 * view. Support is not clinical staff: the answer carries no prescription, dose or medical
 * answer, only what an agent needs to answer "where is my order?". Every read is audited.
 */
import { z } from 'zod';
import { orderStatuses, reshipRequestStates, type OrderStatus } from '../rules/order-statuses';
import { numeric, rowId } from './fields';
import { orderNumberQuery } from './order-search';
import { defineRoute } from './route';
import { shipmentKinds } from '../events/fulfillment';

/** What support reads out of a replacement request. */
export const supportReshipLabels: Record<(typeof reshipRequestStates)[number], string> = {
  waiting: 'Replacement requested',
  approved: 'Replacement approved',
  refused: 'Replacement refused',
};

/** An order's status as support reads it out to the patient. */
export const supportOrderStatusLabels: Record<OrderStatus, string> = {
  payment: 'Awaiting payment',
  payment_failed: 'Payment failed',
  pending_approval: 'Assessment not submitted',
  appointment_required: 'Appointment required',
  waiting_prescription: 'Waiting for the clinician',
  prescription_received: 'Prescription received',
  order_placed: 'Placed with the pharmacy',
  shipping_paused: 'Shipping paused',
  order_shipped: 'Shipped',
  order_delivered: 'Delivered',
  denied: 'Not approved (refunded)',
  withdrawn: 'Withdrawn (refunded)',
};

/** One order (or a refill's or reship's shipment) of the patient, without health data. */
export const supportOrderSchema = z.object({
  orderId: z.number().int(),
  /** `order-{id}`, or `shipment-{n}` for a refill or reship. */
  itemId: z.string(),
  kind: z.enum(shipmentKinds),
  /** The one order number the patient reads ("#1042", a refill "#1042 (refill 2)"). */
  orderNumber: z.string(),
  productName: z.string().nullable(),
  createdAt: z.string(),
  status: z.enum(orderStatuses),
  statusLabel: z.string(),
  trackingNumber: z.string().nullable(),
  carrier: z.string().nullable(),
  /** The delivered parcel's latest replacement request, as the pharmacy left it; null if none. */
  reshipRequest: z.enum(reshipRequestStates).nullable(),
});
export type SupportOrder = z.infer<typeof supportOrderSchema>;

export const supportPatientOrders = defineRoute({
  method: 'get',
  path: '/api/console/support/patients/:userId/orders',
  service: 'gateway',
  auth: 'staff',
  staffRoles: ['support'],
  summary:
    "A patient's orders for the support console, newest first: product or plan, date, status, carrier and tracking; no prescription, dose or medical answer. Every read is audited.",
  params: z.object({ userId: numeric(rowId()) }),
  response: z.object({
    status: z.literal('success'),
    orders: z.array(supportOrderSchema),
  }),
});

export const supportOrderSearch = defineRoute({
  method: 'get',
  path: '/api/console/support/orders',
  service: 'gateway',
  auth: 'staff',
  staffRoles: ['support'],
  summary:
    "An order and its refills and replacements, found by its number, with its patient's user id (null when no order has the number). Audited.",
  query: z.object({ number: orderNumberQuery() }),
  response: z.object({
    status: z.literal('success'),
    orders: z.array(supportOrderSchema),
    /** Whose order it is: support opens their account (the chat's support accounts). */
    userId: z.number().int().nullable(),
  }),
});
