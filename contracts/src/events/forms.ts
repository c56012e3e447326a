import { z } from 'zod';
import { drugs } from '../constants/catalog';
import { defineEvent } from './envelope';

/**
 * A patient submitted the medical assessment of an order. It carries no answers: the clinic
 * reads the assessment from the forms service (audited); consumers need only whose order, which
 * form and whether an identity video must follow before review.
 */
export const formSubmitted = defineEvent({
  name: 'form-submitted',
  version: 1,
  keyOf: (d) => String(d.orderId),
  description:
    "A patient submitted an order's medical assessment (no answers in the event); videoRequired when the state requires the identity video before review.",
  schema: z.object({
    orderId: z.number().int(),
    userId: z.number().int(),
    assessmentId: z.number().int(),
    form: z.enum(['mdIntegration', 'bareMeds', 'refill']),
    questionnaireVersion: z.string(),
    drug: z.enum(drugs),
    state: z.string(),
    videoRequired: z.boolean(),
    submittedAt: z.iso.datetime(),
  }),
});

/**
 * The patient chose Process Refund on the "We Cannot Proceed" popup: the application ends.
 * Checkout cancels the order and refunds its payments in full, as for a denial. No reason is
 * carried: it is a health answer.
 */
export const applicationWithdrawn = defineEvent({
  name: 'application-withdrawn',
  version: 1,
  keyOf: (d) => String(d.orderId),
  description:
    'A patient withdrew an application the questionnaire cannot accept (Process Refund); checkout cancels and refunds the order.',
  schema: z.object({
    orderId: z.number().int(),
    userId: z.number().int(),
    withdrawnAt: z.iso.datetime(),
  }),
});

/**
 * The identity video a state requires (spec 002, /upload-video) was uploaded and checked for an
 * order whose assessment is submitted: the clinician may review it now. No file name is
 * carried: the clinic reads the video through the forms service's signed, audited reads.
 */
export const identityVideoUploaded = defineEvent({
  name: 'identity-video-uploaded',
  version: 1,
  keyOf: (d) => String(d.orderId),
  description:
    "A patient's identity video for an order was uploaded and its content checked; the assessment can be reviewed.",
  schema: z.object({
    orderId: z.number().int(),
    userId: z.number().int(),
    uploadedAt: z.iso.datetime(),
  }),
});

/**
 * A patient reported a side effect that a clinician must answer (issue 31): urgent (a red flag:
 * 4 hours) or for the clinician (24 hours). Self-care reports are not published: the clinician
 * reads them with the case. No symptom, severity or advice is carried: the clinic reads the
 * report from forms when the clinician opens the case (audited).
 */
export const sideEffectReported = defineEvent({
  name: 'side-effect-reported',
  version: 1,
  keyOf: (d) => String(d.orderId),
  description:
    'A patient reported a side effect a clinician must answer: urgent (4 hours) or within 24 hours. Ids, urgency and deadline only; never the symptom.',
  schema: z.object({
    reportId: z.number().int(),
    orderId: z.number().int(),
    userId: z.number().int(),
    urgent: z.boolean(),
    reportedAt: z.iso.datetime(),
    dueAt: z.iso.datetime(),
  }),
});

/**
 * A patient's weekly dose went unlogged for the second week in a row (issue 31, item 3): the
 * follow-up reminder told them not to restart on their own, and the clinician must answer within
 * 24 hours. Published once per streak, for the injection day that made it reach two
 * (`rules/missed-dose`, missedWeeksBeforeRestartReview). Ids, the count and dates only.
 */
export const missedDosesFlagged = defineEvent({
  name: 'missed-doses-flagged',
  version: 1,
  keyOf: (d) => String(d.orderId),
  description:
    "A patient missed their weekly dose two weeks in a row: the case joins the clinician's queue with a 24-hour deadline. Ids, the count and dates only.",
  schema: z.object({
    orderId: z.number().int(),
    userId: z.number().int(),
    /** Weeks in a row with no dose logged, the week of dueDay included. */
    missedInARow: z.number().int().positive(),
    /** The injection day (YYYY-MM-DD, the patient's zone) whose missed dose made the streak. */
    dueDay: z.iso.date(),
    flaggedAt: z.iso.datetime(),
    /** When the clinician's answer is due. */
    dueAt: z.iso.datetime(),
  }),
});

/**
 * A refill check-in was still not done when its shipment was due to ship (issue 31): support is
 * to reach out to the patient. The order and the date only; nothing the patient answered.
 */
export const refillCheckInMissed = defineEvent({
  name: 'refill-check-in-missed',
  version: 1,
  keyOf: (d) => String(d.orderId),
  description:
    "A refill check-in was not done by its shipment's date: the chat puts the patient's conversation in support's inbox. Order, patient and date only.",
  schema: z.object({
    orderId: z.number().int(),
    userId: z.number().int(),
    shipOn: z.iso.datetime(),
    missedAt: z.iso.datetime(),
  }),
});
