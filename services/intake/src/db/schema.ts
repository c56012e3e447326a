import {
  boolean,
  integer,
  jsonb,
  numeric,
  pgSchema,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import type { DisqualificationReason, TrackingData } from '@clinic/contracts';

/** The intake service's own schema; no other service reads it. */
export const intakeSchema = pgSchema('intake');

export const leadStatuses = ['received', 'qualified', 'existing_account', 'disqualified'] as const;

export const leads = intakeSchema.table('leads', {
  id: serial('id').primaryKey(),
  userId: integer('user_id'),
  status: text('status', { enum: leadStatuses }).notNull(),
  disqualifiedReason: text('disqualified_reason').$type<DisqualificationReason>(),
  disqualifiedAt: timestamp('disqualified_at', { withTimezone: true }),
  email: text('email').notNull(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  phone: text('phone').notNull(),
  state: text('state').notNull(),
  gender: text('gender').notNull(),
  dob: text('dob').notNull(),
  age: integer('age').notNull(),
  heightInches: integer('height_inches').notNull(),
  weight: numeric('weight', { mode: 'number' }).notNull(),
  desiredWeight: numeric('desired_weight', { mode: 'number' }).notNull(),
  bmi: numeric('bmi', { mode: 'number' }).notNull(),
  agreedToText: boolean('agreed_to_text').notNull(),
  agreedToEmail: boolean('agreed_to_email').notNull(),
  agreedToTerms: boolean('agreed_to_terms').notNull(),
  formStep2Agree: boolean('form_step2_agree').notNull(),
  sourceWeb: integer('source_web').notNull(),
  ipAddress: text('ip_address'),
  userAgent: text('user_agent'),
  trackingSessionId: text('tracking_session_id'),
  tracking: jsonb('tracking').$type<TrackingData>(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});
export type LeadRow = typeof leads.$inferSelect;
