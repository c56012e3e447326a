import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgSchema,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { caseStatuses, decisionKinds, type Drug, type PrescriptionItem } from '@clinic/contracts';
import { sql } from 'drizzle-orm';

/**
 * The clinic service's own schema, as its migrations (./migrations) make it; no other service
 * reads it. schema.test.ts fails when the two disagree.
 */
export const clinicSchema = pgSchema('clinic');

const utc = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const caseOutcomes = ['denied', 'appointment_required', 'meeting_missed'] as const;

export const cases = clinicSchema.table(
  'cases',
  {
    orderId: integer('order_id').primaryKey(),
    userId: integer('user_id').notNull(),
    patientName: text('patient_name').notNull().default(''),
    state: text('state').notNull().default(''),
    drug: text('drug').$type<Drug>().notNull(),
    plan: text('plan').notNull().default(''),
    paymentTerms: integer('payment_terms').notNull().default(1),
    status: text('status', { enum: caseStatuses }).notNull(),
    outcome: text('outcome', { enum: caseOutcomes }),
    outcomeReason: text('outcome_reason'),
    videoRequired: boolean('video_required').notNull().default(false),
    videoReceived: boolean('video_received').notNull().default(false),
    adjustmentRequested: boolean('adjustment_requested').notNull().default(false),
    refillCheckIn: boolean('refill_check_in').notNull().default(false),
    assessmentId: integer('assessment_id'),
    antiNausea: boolean('anti_nausea').notNull().default(false),
    paidAt: utc('paid_at'),
    submittedAt: utc('submitted_at'),
    dueAt: utc('due_at'),
    claimedBy: integer('claimed_by'),
    claimedAt: utc('claimed_at'),
    decidedAt: utc('decided_at'),
    updatedAt: utc('updated_at').notNull(),
  },
  (t) => [
    index('cases_queue').on(t.status, t.dueAt),
    index('cases_by_user').on(t.userId),
    index('cases_by_claim').on(t.claimedBy),
  ],
);
export type CaseRow = typeof cases.$inferSelect;

export const contactChecks = clinicSchema.table(
  'contact_checks',
  {
    userId: integer('user_id').notNull(),
    channel: text('channel', { enum: ['phone', 'email'] }).notNull(),
    outcome: text('outcome', { enum: ['verified', 'skipped'] }).notNull(),
    at: utc('at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.channel] })],
);

export const staff = clinicSchema.table('staff', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  role: text('role').notNull(),
  updatedAt: utc('updated_at').notNull(),
});

export const patientRecords = clinicSchema.table('patient_records', {
  userId: integer('user_id').primaryKey(),
  healthId: text('health_id').notNull().unique(),
  openedAt: utc('opened_at').notNull(),
});

export const encounters = clinicSchema.table('encounters', {
  orderId: integer('order_id').primaryKey(),
  userId: integer('user_id').notNull(),
  encounterId: text('encounter_id').notNull().unique(),
  openedAt: utc('opened_at').notNull(),
});

export const decisions = clinicSchema.table(
  'decisions',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id').notNull(),
    kind: text('kind', { enum: decisionKinds }).notNull(),
    staffId: integer('staff_id').notNull(),
    staffName: text('staff_name').notNull(),
    note: text('note'),
    prescriptionId: text('prescription_id'),
    at: utc('at').notNull(),
  },
  (t) => [index('decisions_by_order').on(t.orderId, t.id)],
);

export const prescriptionStatuses = [
  'pending',
  'accepted',
  'adjustment-requested',
  'superseded',
] as const;

export const prescriptions = clinicSchema.table(
  'prescriptions',
  {
    prescriptionId: text('prescription_id').primaryKey(),
    orderId: integer('order_id').notNull(),
    userId: integer('user_id').notNull(),
    drug: text('drug').$type<Drug>().notNull(),
    doseSchedule: jsonb('dose_schedule').$type<number[]>().notNull(),
    maintenanceDose: numeric('maintenance_dose', { mode: 'number' }),
    directions: text('directions').notNull(),
    vials: integer('vials').notNull(),
    items: jsonb('items').$type<PrescriptionItem[]>().notNull(),
    status: text('status', { enum: prescriptionStatuses }).notNull(),
    approvedBy: integer('approved_by').notNull(),
    approvedByName: text('approved_by_name').notNull(),
    approvedAt: utc('approved_at').notNull(),
    acceptedBy: text('accepted_by', { enum: ['patient', 'timeout'] }),
    acceptedAt: utc('accepted_at'),
  },
  (t) => [
    index('prescriptions_by_order').on(t.orderId, t.approvedAt),
    index('prescriptions_by_user').on(t.userId),
  ],
);
export type PrescriptionRow = typeof prescriptions.$inferSelect;

export const doseAdjustments = clinicSchema.table(
  'dose_adjustments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id').notNull(),
    prescriptionId: text('prescription_id').notNull(),
    doseSchedule: jsonb('dose_schedule').$type<number[]>().notNull(),
    maintenanceDose: numeric('maintenance_dose', { mode: 'number' }).notNull(),
    submittedAt: utc('submitted_at').notNull(),
  },
  (t) => [unique().on(t.orderId, t.prescriptionId)],
);

export const caseMessages = clinicSchema.table(
  'case_messages',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id').notNull(),
    userId: integer('user_id').notNull(),
    sender: text('sender', { enum: ['clinician', 'patient'] }).notNull(),
    staffId: integer('staff_id'),
    authorName: text('author_name').notNull(),
    body: text('body').notNull(),
    at: utc('at').notNull(),
  },
  (t) => [index('case_messages_by_order').on(t.orderId, t.id)],
);

/**
 * Side-effect reports a clinician must answer (forms' side-effect-reported): ids, urgency and
 * deadline; the report itself is read from forms with the case.
 */
export const sideEffectReports = clinicSchema.table(
  'side_effect_reports',
  {
    reportId: integer('report_id').primaryKey(),
    orderId: integer('order_id').notNull(),
    userId: integer('user_id').notNull(),
    urgent: boolean('urgent').notNull(),
    reportedAt: utc('reported_at').notNull(),
    dueAt: utc('due_at').notNull(),
    answeredAt: utc('answered_at'),
    answeredBy: integer('answered_by'),
  },
  (t) => [
    index('side_effect_reports_open')
      .on(t.orderId)
      .where(sql`answered_at is null`),
  ],
);

/**
 * Weekly doses missed in a row that a clinician must answer (forms' missed-doses-flagged): one
 * row per order and injection day that made the streak, with the count and the deadline.
 */
export const missedDoseFlags = clinicSchema.table(
  'missed_dose_flags',
  {
    orderId: integer('order_id').notNull(),
    dueDay: date('due_day', { mode: 'string' }).notNull(),
    userId: integer('user_id').notNull(),
    missedInARow: integer('missed_in_a_row').notNull(),
    flaggedAt: utc('flagged_at').notNull(),
    dueAt: utc('due_at').notNull(),
    answeredAt: utc('answered_at'),
    answeredBy: integer('answered_by'),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.dueDay] }),
    index('missed_dose_flags_open')
      .on(t.orderId)
      .where(sql`answered_at is null`),
  ],
);
