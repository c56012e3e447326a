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
 * written after 12 hours. It carries the prescription the patient is shown and the approving
 * clinician's identity user id (`clinicianId`: optional, absent from events published before it).
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
    /** The approving clinician (or admin), an identity user id; absent from older events. */
    clinicianId: z.number().int().optional(),
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

/**
 * A clinician claimed a patient's first case: the clinic opened the patient's clinical record.
 * Identity keeps the health id on the patient (the session's health_id), forms and the portal
 * read it (the refill form, Doctor on Demand's encounter). `clinicianId` is the claiming
 * clinician's identity user id (the encounter's clinician; optional, absent from older events).
 */
export const clinicalRecordOpened = defineEvent({
  name: 'clinical-record-opened',
  version: 1,
  keyOf: (d) => String(d.userId),
  description:
    "The clinic opened a patient's clinical record on the first claim of their case: the health id and the encounter id of the order.",
  schema: z.object({
    userId: z.number().int(),
    orderId: z.number().int(),
    healthId: z.string(),
    encounterId: z.string(),
    openedAt: z.iso.datetime(),
    /** The claiming clinician (or admin), an identity user id; absent from older events. */
    clinicianId: z.number().int().optional(),
  }),
});

/**
 * A clinician needs more before deciding: the identity video, or a visit (the order's
 * `appointment_required` step). No message text: the clinic writes to the patient itself.
 */
export const appointmentRequired = defineEvent({
  name: 'appointment-required',
  version: 1,
  keyOf: (d) => String(d.orderId),
  description:
    'A clinician asked for the identity video or a visit before deciding the order (appointment_required); missed when a booked visit was missed.',
  schema: z.object({
    orderId: z.number().int(),
    userId: z.number().int(),
    kind: z.enum(['video', 'visit', 'visit-missed']),
    requiredAt: z.iso.datetime(),
  }),
});

/**
 * A clinician who asked a patient for more (a question, the identity video, a visit) wrote them a
 * note, in the decision's transaction: the chat makes it a message of the patient's Doctor on
 * Demand thread, where the patient reads and answers it. It carries the note's text because that
 * consumer stores it (`message`: the logger redacts the key); no other service needs it, and it
 * is never put in metadata. `noteId` is the clinic's own record of the note (one message per note,
 * however often the event is delivered); the encounter is the visit the claim opened.
 */
export const clinicianNoteWritten = defineEvent({
  name: 'clinician-note-written',
  version: 1,
  keyOf: (d) => String(d.userId),
  description:
    "A clinician asking for more wrote the patient a note; the chat posts it to the patient's Doctor on Demand thread (the text is for that thread alone).",
  schema: z.object({
    noteId: z.number().int(),
    orderId: z.number().int(),
    userId: z.number().int(),
    encounterId: z.string(),
    /** The visit's opening, for a chat that learns of the visit from this event first. */
    encounterOpenedAt: z.iso.datetime(),
    clinicianId: z.number().int(),
    /** The clinician as the patient reads them ("Dr. First Last"). */
    authorName: z.string(),
    /** The patient as the clinic names them ('' when not known yet), for the clinicians' list. */
    patientName: z.string(),
    message: z.string().min(1).max(2000),
    writtenAt: z.iso.datetime(),
  }),
});
