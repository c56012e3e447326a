import {
  bigint,
  date,
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgSchema,
  serial,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import type {
  AdditionalDetails,
  Drug,
  InjectionSite,
  InjectionWeekday,
  PrescriptionItem,
  SideEffectDuration,
  SideEffectRedFlag,
  SideEffectSeverity,
  SideEffectSymptom,
  TriageLevel,
} from '@clinic/contracts';

/**
 * The forms service's own schema, as its migrations (./migrations) make it; no other service
 * reads it. schema.test.ts fails when the two disagree.
 */
export const formsSchema = pgSchema('forms');

const utc = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Which partner provider serves a state: 1 medical integration, 2 bare medication. */
export const stateProviders = formsSchema.table('state_providers', {
  state: text('state').primaryKey(),
  providerId: integer('provider_id').notNull(),
});

export const orderStatuses = [
  'pending_approval',
  'submitted',
  'withdrawn',
  'denied',
  'prescription_received',
  'prescription_accepted',
  'awaiting_dose_adjustment',
  'dose_adjustment_submitted',
] as const;
export type FormsOrderStatus = (typeof orderStatuses)[number];

/** Paid prescription orders, from checkout's payment-succeeded. */
export const orders = formsSchema.table(
  'orders',
  {
    orderId: integer('order_id').primaryKey(),
    userId: integer('user_id').notNull(),
    cartId: text('cart_id'),
    productId: integer('product_id').notNull(),
    productName: text('product_name').notNull(),
    drug: text('drug').$type<Drug>().notNull(),
    paymentTerms: integer('payment_terms').notNull(),
    /** Everything paid for the order (checkout, add-ons, renewals): what a withdrawal refunds. */
    paidCents: integer('paid_cents'),
    status: text('status', { enum: orderStatuses }).notNull(),
    paidAt: utc('paid_at').notNull(),
    updatedAt: utc('updated_at').notNull(),
    /** When its first shipment arrived (fulfilment's order-delivered): the injection day opens. */
    firstDeliveredAt: utc('first_delivered_at'),
    /** When its subscription ended: no "This week" card and no reminder after it. */
    careStoppedAt: utc('care_stopped_at'),
    /** When the open refill check-in's shipment is due to ship. */
    refillShipOn: utc('refill_ship_on'),
  },
  (t) => [index('orders_by_user').on(t.userId)],
);

/** The newest shipping state of each patient. */
export const patientStates = formsSchema.table('patient_states', {
  userId: integer('user_id').primaryKey(),
  state: text('state').notNull(),
  savedAt: utc('saved_at').notNull(),
});

export const assessmentForms = ['mdIntegration', 'bareMeds', 'refill'] as const;
export type AssessmentForm = (typeof assessmentForms)[number];

/** One answer as stored: the questionnaire's own wording and flags, and what the patient gave. */
export interface StoredAnswer {
  id: string;
  question: string;
  label: string;
  question_type: string;
  answer: string | string[];
  important: boolean;
  is_critical: boolean;
  parentId: string | null;
  parentAnswer: string | null;
}

/** One assessment per order. */
/** Every assessment of an order: the first, then one per refill check-in; the newest is read. */
export const assessments = formsSchema.table(
  'assessments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.orderId),
    userId: integer('user_id').notNull(),
    form: text('form', { enum: assessmentForms }).notNull(),
    questionnaire: text('questionnaire').notNull(),
    questionnaireVersion: text('questionnaire_version').notNull(),
    state: text('state').notNull(),
    answers: jsonb('answers').$type<StoredAnswer[]>().notNull(),
    images: jsonb('images').$type<StoredAnswer[]>().notNull(),
    doseSchedule: jsonb('dose_schedule').$type<number[]>().notNull(),
    maintenanceDose: numeric('maintenance_dose', { mode: 'number' }).notNull(),
    additionalDetails: jsonb('additional_details').$type<AdditionalDetails>().notNull(),
    specialNecessities: text('special_necessities').notNull(),
    videoRequired: boolean('video_required').notNull(),
    submittedAt: utc('submitted_at').notNull(),
    videoFileName: text('video_file_name'),
    videoUploadedAt: utc('video_uploaded_at'),
  },
  (t) => [index('assessments_by_order').on(t.orderId, t.submittedAt.desc(), t.id.desc())],
);

export const uploadPurposes = ['image', 'video', 'attachment'] as const;
export type UploadPurpose = (typeof uploadPurposes)[number];

/** One row per signed upload URL handed out; checked once its bytes were read. */
export const uploads = formsSchema.table(
  'uploads',
  {
    key: text('key').primaryKey(),
    fileName: text('file_name').notNull().unique(),
    userId: integer('user_id').notNull(),
    orderId: integer('order_id'),
    purpose: text('purpose', { enum: uploadPurposes }).notNull(),
    contentType: text('content_type').notNull(),
    createdAt: utc('created_at').notNull(),
    checkedAt: utc('checked_at'),
    sizeBytes: integer('size_bytes'),
    detectedKind: text('detected_kind'),
  },
  (t) => [index('uploads_by_user').on(t.userId, t.createdAt.desc())],
);

/** Failed uploads the browser reported, for support. */
export const uploadAttempts = formsSchema.table('upload_attempts', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull(),
  orderId: integer('order_id'),
  succeeded: boolean('succeeded').notNull(),
  error: text('error'),
  userAgent: text('user_agent'),
  fileSize: bigint('file_size', { mode: 'number' }),
  fileName: text('file_name'),
  imageType: text('image_type'),
  reportedAt: text('reported_at'),
  createdAt: utc('created_at').notNull(),
});

/** The newest prescription of each order, as the patient is shown it. */
export const prescriptions = formsSchema.table('prescriptions', {
  orderId: integer('order_id')
    .primaryKey()
    .references(() => orders.orderId),
  prescriptionId: text('prescription_id').notNull(),
  userId: integer('user_id').notNull(),
  drug: text('drug').$type<Drug>().notNull(),
  items: jsonb('items').$type<PrescriptionItem[]>().notNull(),
  doseSchedule: jsonb('dose_schedule').$type<number[]>().notNull(),
  maintenanceDose: numeric('maintenance_dose', { mode: 'number' }),
  approvedAt: utc('approved_at').notNull(),
  answer: text('answer', { enum: ['accepted', 'declined'] }),
  answeredAt: utc('answered_at'),
});

/** The doses a patient asked for instead of a prescription. */
export const doseAdjustments = formsSchema.table(
  'dose_adjustments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.orderId),
    prescriptionId: text('prescription_id').notNull(),
    userId: integer('user_id').notNull(),
    doseSchedule: jsonb('dose_schedule').$type<number[]>().notNull(),
    maintenanceDose: numeric('maintenance_dose', { mode: 'number' }).notNull(),
    photoFileName: text('photo_file_name').notNull(),
    submittedAt: utc('submitted_at').notNull(),
  },
  (t) => [unique().on(t.orderId, t.prescriptionId)],
);

/** Each patient's weekly injection day: a weekday and wall time in their IANA zone. */
export const injectionDays = formsSchema.table('injection_days', {
  userId: integer('user_id').primaryKey(),
  weekday: text('weekday').$type<InjectionWeekday>().notNull(),
  time: text('time').notNull(),
  timeZone: text('time_zone').notNull(),
  savedAt: utc('saved_at').notNull(),
  /** Doses due from here on count: the change, or later to keep the labels' gap (0008). */
  startsAt: utc('starts_at').notNull(),
});

/** The doses a patient logged ("I took my dose"), one per order and due week. */
export const doseLogs = formsSchema.table(
  'dose_logs',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.orderId),
    takenOn: date('taken_on', { mode: 'string' }).notNull(),
    /** The injection day the dose counts for. */
    dueDay: date('due_day', { mode: 'string' }).notNull(),
    strength: numeric('strength', { mode: 'number' }).notNull(),
    site: text('site').$type<InjectionSite>().notNull(),
    weightLbs: numeric('weight_lbs', { mode: 'number' }),
    loggedAt: utc('logged_at').notNull(),
  },
  (t) => [
    unique('dose_logs_order_id_due_day_key').on(t.orderId, t.dueDay),
    index('dose_logs_by_user').on(t.userId, t.takenOn),
  ],
);

/** The side effects a patient reported, with the triage they were given. */
export const sideEffectReports = formsSchema.table(
  'side_effect_reports',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.orderId),
    symptom: text('symptom').$type<SideEffectSymptom>().notNull(),
    severity: text('severity').$type<SideEffectSeverity>().notNull(),
    duration: text('duration').$type<SideEffectDuration>().notNull(),
    redFlags: jsonb('red_flags').$type<SideEffectRedFlag[]>().notNull(),
    level: text('level').$type<TriageLevel>().notNull(),
    rule: text('rule').notNull(),
    advice: text('advice').notNull(),
    reportedAt: utc('reported_at').notNull(),
    dueAt: utc('due_at'),
    answeredAt: utc('answered_at'),
  },
  (t) => [index('side_effect_reports_by_order').on(t.orderId, t.reportedAt)],
);
