/**
 * The clinician's part of the staff console (issue 16): the review queue, claims, the case view,
 * decisions and prescriptions, and what a patient reads of a decision
 * (/rejected/{id}). Paths are ours (BRIEF section 2: the console's endpoints are ours to name).
 */
import { z } from 'zod';
import { drugs } from '../constants/catalog';
import { prescriptionItemSchema } from '../events/clinic';
import { multilineText, numeric, requiredText, rowId, text } from './fields';
import { orderNumberQuery } from './order-search';
import { defineRoute } from './route';
import { careRecordSchema } from './care';
import { clinicianNoteMax, maxScheduleMonths, maxVials } from '../rules/review';

/** Messages the console shows verbatim. */
export const clinicMessages = {
  caseNotFound: 'No case for this order.',
  claimedBy: (name: string) => `${name} is reviewing this case.`,
  notClaimed: 'Claim this case before deciding it.',
  notReviewable: 'This case is not waiting for a decision.',
  alreadyDecided: (decision: string) =>
    `This case was already decided (${decision}); a decision is never changed silently.`,
  videoMissing: "This patient's state requires the identity video; it has not been uploaded yet.",
  scheduleOffLadder:
    'Each month must be a strength on the ladder of the chosen medication, rising at most one step from the month before.',
  maintenanceOffLadder: 'The maintenance dose must be a strength on the ladder.',
  fileNotInCase: 'This file is not part of the case.',
  fhirNotFound: 'No such record.',
  sideEffectReportNotFound: 'No such side-effect report on this case.',
  sideEffectAnswered: 'This side-effect report was already answered.',
  noVisitToAnswer: 'This case has no visit yet: review the assessment first.',
  missedDosesNotFlagged: 'This case has no missed doses waiting for an answer.',
  missedDosesAnswered: "This patient's missed doses were already answered.",
} as const;

/** Where a case stands in the clinic. */
export const caseStatuses = [
  /** Paid; the patient has not submitted the assessment yet. */
  'awaiting-assessment',
  /** Submitted in a state that requires the identity video, which is not in yet. */
  'needs-video',
  /** Ready for a clinician (a new assessment, or the patient asked for other doses). */
  'waiting',
  /** The clinician required a visit (`appointment_required`). */
  'appointment-required',
  /** Approved with a prescription the patient has not answered yet. */
  'approved',
  /** The prescription was accepted (by the patient, or after 12 hours). */
  'accepted',
  'denied',
  /** The patient withdrew (Process Refund). */
  'withdrawn',
] as const;
export type CaseStatus = (typeof caseStatuses)[number];

export const caseFilters = ['waiting', 'needs-video', 'mine', 'decided'] as const;
export type CaseFilter = (typeof caseFilters)[number];

const staffRef = z.object({ id: z.number().int(), name: z.string() });

export const caseSummarySchema = z.object({
  orderId: z.number().int(),
  userId: z.number().int(),
  patientName: z.string(),
  state: z.string(),
  drug: z.enum(drugs),
  plan: z.string(),
  paymentTerms: z.number().int(),
  status: z.enum(caseStatuses),
  /** The patient asked for other doses: the case came back from their confirmation page. */
  adjustmentRequested: z.boolean(),
  /** The patient's refill check-in (before a renewal shipment) brought the case back. */
  refillCheckIn: z.boolean(),
  videoRequired: z.boolean(),
  videoReceived: z.boolean(),
  submittedAt: z.iso.datetime().nullable(),
  /** submittedAt (or the video's arrival) + 24 hours: the promise to the patient. */
  dueAt: z.iso.datetime().nullable(),
  claimedBy: staffRef.nullable(),
  decidedAt: z.iso.datetime().nullable(),
  /**
   * The most pressing side-effect report the clinician has not answered (issue 31): urgent ones
   * (a red flag, 4 hours) put the case at the top of the waiting queue.
   */
  sideEffect: z
    .object({ reportId: z.number().int(), urgent: z.boolean(), dueAt: z.iso.datetime() })
    .nullable(),
  /**
   * Weekly doses missed in a row that no clinician has answered yet (issue 31): the patient was
   * told not to restart alone, and the case waits in the queue by this deadline (24 hours).
   */
  missedDoses: z
    .object({ dueDay: z.iso.date(), missedInARow: z.number().int(), dueAt: z.iso.datetime() })
    .nullable(),
});
export type CaseSummary = z.infer<typeof caseSummarySchema>;

export const reviewQueue = defineRoute({
  method: 'get',
  path: '/api/console/cases',
  service: 'clinic',
  auth: 'staff',
  staffRoles: ['clinician'],
  summary:
    "The review queue: cases waiting (oldest first), needing the video, claimed by the caller, or decided (newest first). With `number`, that order's case.",
  query: z.object({
    filter: z.enum(caseFilters).default('waiting'),
    number: orderNumberQuery().optional(),
  }),
  response: z.object({ status: z.literal('success'), cases: z.array(caseSummarySchema) }),
});

const caseParams = z.object({ orderId: numeric(rowId()) });

export const claimCase = defineRoute({
  method: 'post',
  path: '/api/console/cases/:orderId/claim',
  service: 'clinic',
  auth: 'staff',
  staffRoles: ['clinician'],
  summary:
    "Claims a case for the caller (409 naming who holds it). The first claim opens the patient's clinical record (health id, encounter id).",
  params: caseParams,
  response: z.object({ status: z.literal('success'), case: caseSummarySchema }),
});

export const releaseCase = defineRoute({
  method: 'post',
  path: '/api/console/cases/:orderId/release',
  service: 'clinic',
  auth: 'staff',
  staffRoles: ['clinician'],
  summary: 'Gives back a case the caller holds, undecided, to the queue.',
  params: caseParams,
  response: z.object({ status: z.literal('success'), case: caseSummarySchema }),
});

/** One answer as the clinician reads it: the question's words and the patient's. */
export const caseAnswerSchema = z.object({
  questionId: z.string(),
  key: z.string(),
  question: z.string(),
  answer: z.string(),
  /** The answer is one the questionnaire marks critical (a contraindication or a review flag). */
  critical: z.boolean(),
  /** Follow-up answers of this one (the "please explain" of a chosen option). */
  followUps: z.array(
    z.object({ questionId: z.string(), question: z.string(), answer: z.string() }),
  ),
});
export type CaseAnswer = z.infer<typeof caseAnswerSchema>;

export const caseFileSchema = z.object({
  fileName: z.string(),
  /** What the file shows: an answer's photo, the identity video, a dose-adjustment photo. */
  kind: z.enum(['image', 'video']),
  label: z.string(),
});

export const casePrescriptionSchema = z.object({
  prescriptionId: z.string(),
  orderId: z.number().int(),
  drug: z.enum(drugs),
  doseSchedule: z.array(z.number()),
  maintenanceDose: z.number().nullable(),
  directions: z.string(),
  vials: z.number().int(),
  items: z.array(prescriptionItemSchema),
  status: z.enum(['pending', 'accepted', 'adjustment-requested', 'superseded']),
  approvedBy: staffRef,
  approvedAt: z.iso.datetime(),
  acceptedBy: z.enum(['patient', 'timeout']).nullable(),
  acceptedAt: z.iso.datetime().nullable(),
});
export type CasePrescription = z.infer<typeof casePrescriptionSchema>;

export const decisionKinds = [
  'claim',
  'release',
  'approve',
  'deny',
  'request-message',
  'request-video',
  'request-visit',
  'visit-missed',
] as const;
export type DecisionKind = (typeof decisionKinds)[number];

export const caseDecisionSchema = z.object({
  id: z.number().int(),
  kind: z.enum(decisionKinds),
  by: staffRef,
  at: z.iso.datetime(),
  note: z.string().nullable(),
  prescriptionId: z.string().nullable(),
});

export const caseViewSchema = z.object({
  case: caseSummarySchema,
  patient: z.object({
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    phone: z.string(),
    gender: z.string().nullable(),
    state: z.string(),
    healthId: z.string().nullable(),
    encounterId: z.string().nullable(),
    /** How the phone and the email were checked at /verify; null before either. */
    phoneCheck: z.enum(['verified', 'skipped']).nullable(),
    emailCheck: z.enum(['verified', 'skipped']).nullable(),
  }),
  assessment: z
    .object({
      form: z.enum(['mdIntegration', 'bareMeds', 'refill']),
      questionnaireVersion: z.string(),
      submittedAt: z.iso.datetime(),
      heightInches: z.number().nullable(),
      weightPounds: z.number().nullable(),
      bmi: z.number().nullable(),
      answers: z.array(caseAnswerSchema),
      criticalCount: z.number().int(),
      specialNecessities: z.array(z.string()),
      allergies: z.string().nullable(),
      medications: z.string().nullable(),
      /** Other medical conditions and surgeries ("No - I affirm..." or the patient's list). */
      conditions: z.string().nullable(),
      /** The month-by-month strengths the patient asked for (mg). */
      doseSchedulePreference: z.array(z.number()),
      maintenancePreference: z.number().nullable(),
      files: z.array(caseFileSchema),
    })
    .nullable(),
  /** The latest dose adjustment the patient asked for, when the case came back for it. */
  adjustment: z
    .object({
      doseSchedule: z.array(z.number()),
      maintenanceDose: z.number(),
      submittedAt: z.iso.datetime(),
    })
    .nullable(),
  /** Weights the patient reported, oldest first (intake, assessments, refills). */
  weights: z.array(z.object({ at: z.iso.datetime(), pounds: z.number() })),
  antiNausea: z.boolean(),
  /** The weeks between shipments: adherence, side-effect reports, logged weights (issue 31). */
  care: careRecordSchema.nullable(),
  earlierOrders: z.array(caseSummarySchema),
  prescriptions: z.array(casePrescriptionSchema),
  decisions: z.array(caseDecisionSchema),
  messages: z.array(
    z.object({
      id: z.number().int(),
      from: z.enum(['clinician', 'patient']),
      by: z.string(),
      body: z.string(),
      at: z.iso.datetime(),
    }),
  ),
});
export type CaseView = z.infer<typeof caseViewSchema>;

export const caseView = defineRoute({
  method: 'get',
  path: '/api/console/cases/:orderId',
  service: 'clinic',
  auth: 'staff',
  staffRoles: ['clinician'],
  summary:
    'A case as the clinician reviews it: patient, answers (critical ones marked), files, history, decisions and messages. Every read is audited.',
  params: caseParams,
  response: z.object({ status: z.literal('success'), view: caseViewSchema }),
});

export const caseFileReadUrl = defineRoute({
  method: 'get',
  path: '/api/console/cases/:orderId/files/:fileName/read-url',
  service: 'clinic',
  auth: 'staff',
  staffRoles: ['clinician'],
  summary: 'A short-lived signed URL to one image or the identity video of a case (audited).',
  params: z.object({ orderId: numeric(rowId()), fileName: text(200) }),
  response: z.object({
    status: z.literal('success'),
    url: z.string(),
    expiresAt: z.iso.datetime(),
  }),
});

// mg: every strength on the ladders is within (0, 100].
const strength = z.number().min(0.01).max(100);

export const approveCase = defineRoute({
  method: 'post',
  path: '/api/console/cases/:orderId/approve',
  service: 'clinic',
  auth: 'staff',
  staffRoles: ['clinician'],
  summary:
    'Approves the case the caller holds with a prescription (dose schedule on the ladder, at most one step up a month); publishes prescription-approved.',
  params: caseParams,
  body: z.object({
    drug: z.enum(drugs),
    doseSchedule: z
      .array(numeric(strength))
      .min(1, 'The dose schedule needs at least one month.')
      .max(maxScheduleMonths, `At most ${maxScheduleMonths} months`),
    maintenanceDose: numeric(strength).nullable(),
    directions: requiredText(clinicianNoteMax, 'Write the directions for the patient.'),
    vials: numeric(rowId().max(maxVials)),
    note: multilineText(clinicianNoteMax).optional(),
  }),
  response: z.object({
    status: z.literal('success'),
    case: caseSummarySchema,
    prescription: casePrescriptionSchema,
  }),
});

export const denyCase = defineRoute({
  method: 'post',
  path: '/api/console/cases/:orderId/deny',
  service: 'clinic',
  auth: 'staff',
  staffRoles: ['clinician'],
  summary:
    'Denies the case the caller holds; the reason is shown to the patient (/rejected/{id}) and checkout refunds the order in full.',
  params: caseParams,
  body: z.object({
    reason: multilineText(clinicianNoteMax).regex(/\S/, 'Write the reason the patient will read.'),
  }),
  response: z.object({ status: z.literal('success'), case: caseSummarySchema }),
});

export const requestMore = defineRoute({
  method: 'post',
  path: '/api/console/cases/:orderId/request',
  service: 'clinic',
  auth: 'staff',
  staffRoles: ['clinician'],
  summary:
    'Asks the patient for more: a message, the identity video, or a visit (appointment_required); or records a missed visit (the patient is sent to /meeting-missed).',
  params: caseParams,
  body: z.object({
    kind: z.enum(['message', 'video', 'visit', 'visit-missed']),
    message: multilineText(clinicianNoteMax).regex(/\S/, 'Write the message for the patient.'),
  }),
  response: z.object({ status: z.literal('success'), case: caseSummarySchema }),
});

/** A clinician's answer to a patient between shipments (a side-effect report, missed doses). */
const answerBody = z.object({
  message: multilineText(clinicianNoteMax).regex(/\S/, 'Write the message for the patient.'),
});

export const answerSideEffect = defineRoute({
  method: 'post',
  path: '/api/console/cases/:orderId/side-effects/:reportId/answer',
  service: 'clinic',
  auth: 'staff',
  staffRoles: ['clinician'],
  summary:
    "Answers a patient's side-effect report: the message reaches their Doctor on Demand thread as the clinician's note (they are told by text or email), and the report leaves the queue. Any clinician may answer; a report already answered is a 409, another case's a 404.",
  params: z.object({ orderId: numeric(rowId()), reportId: numeric(rowId()) }),
  body: answerBody,
  response: z.object({ status: z.literal('success'), case: caseSummarySchema }),
});

export const answerMissedDoses = defineRoute({
  method: 'post',
  path: '/api/console/cases/:orderId/missed-doses/answer',
  service: 'clinic',
  auth: 'staff',
  staffRoles: ['clinician'],
  summary:
    "Answers a case flagged for weekly doses missed in a row: the message reaches the patient's Doctor on Demand thread as the clinician's note (they are told by text or email), and the case leaves the queue. Any clinician may answer; no missed doses waiting is a 404, already answered a 409.",
  params: caseParams,
  body: answerBody,
  response: z.object({ status: z.literal('success'), case: caseSummarySchema }),
});

/** What a patient reads of the clinic's decision on their order (/rejected/{id}). */
export const assessmentOutcome = defineRoute({
  method: 'get',
  path: '/api/assessment-outcome/:id',
  service: 'clinic',
  auth: 'patient',
  summary:
    "The clinician's decision on the caller's order: pending, approved, denied (with the reason in the clinician's words) or a visit required.",
  params: z.object({ id: numeric(rowId()) }),
  response: z.object({
    status: z.literal('success'),
    outcome: z.enum(['pending', 'approved', 'denied', 'appointment_required', 'meeting_missed']),
    reason: z.string().nullable(),
    decidedAt: z.iso.datetime().nullable(),
  }),
});
