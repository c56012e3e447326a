import { z } from 'zod';
import { drugs } from '../constants/catalog';
import { defineEvent } from './envelope';

/**
 * A clinician denied an order's medical assessment. Published by the clinic service (a later
 * issue); checkout refunds the order's payments in full, as the spec promises ("an instant
 * refund if the patient is not approved").
 */
export const assessmentDenied = defineEvent({
  name: 'assessment-denied',
  version: 1,
  keyOf: (d) => String(d.orderId),
  description:
    "A clinician denied the order's assessment; checkout refunds it and ends its subscription.",
  schema: z.object({
    orderId: z.number().int(),
    userId: z.number().int().nullable(),
    reason: z.string().max(2000).nullable(),
    deniedAt: z.iso.datetime(),
  }),
});

/** One item of a prescription as the patient confirms it (spec 002 section 3). */
export const prescriptionItemSchema = z.object({
  rxId: z.string(),
  name: z.string(),
  directions: z.string(),
  /** mg, for the GLP-1 itself; null for other items (the anti-nausea tablets). */
  strength: z.number().nullable(),
});
export type PrescriptionItem = z.infer<typeof prescriptionItemSchema>;

/**
 * A clinician approved an order's assessment with a prescription (published by the clinic
 * service, issue 16): the patient confirms it, declines and adjusts the doses, or it ships as
 * written after 12 hours. It carries the prescription the patient is shown.
 */
export const prescriptionApproved = defineEvent({
  name: 'prescription-approved',
  version: 1,
  keyOf: (d) => String(d.orderId),
  description:
    "A clinician approved the order's assessment; the prescription (items, month-by-month dose schedule) waits for the patient's confirmation.",
  schema: z.object({
    orderId: z.number().int(),
    userId: z.number().int(),
    prescriptionId: z.string(),
    drug: z.enum(drugs),
    items: z.array(prescriptionItemSchema).min(1),
    doseSchedule: z.array(z.number()).min(1),
    maintenanceDose: z.number().nullable(),
    approvedAt: z.iso.datetime(),
  }),
});

/**
 * The patient accepted the prescription as written (or, from the clinic's 12-hour job, did not
 * answer in time): fulfilment may place the pharmacy order.
 */
export const prescriptionAccepted = defineEvent({
  name: 'prescription-accepted',
  version: 1,
  keyOf: (d) => String(d.orderId),
  description:
    'The prescription of an order is accepted (by the patient, or as written after 12 hours without an answer); fulfilment places the order.',
  schema: z.object({
    orderId: z.number().int(),
    userId: z.number().int(),
    prescriptionId: z.string(),
    acceptedBy: z.enum(['patient', 'timeout']),
    acceptedAt: z.iso.datetime(),
  }),
});

/**
 * The patient declined the prescription and asked the clinician for other doses (adjust-doses):
 * the request goes back to the clinician's queue.
 */
export const doseAdjustmentSubmitted = defineEvent({
  name: 'dose-adjustment-submitted',
  version: 1,
  keyOf: (d) => String(d.orderId),
  description:
    "The patient declined the prescription and asked for another dose schedule; it returns to the clinician's queue.",
  schema: z.object({
    orderId: z.number().int(),
    userId: z.number().int(),
    prescriptionId: z.string(),
    doseSchedule: z.array(z.number()).min(1),
    maintenanceDose: z.number(),
    submittedAt: z.iso.datetime(),
  }),
});
