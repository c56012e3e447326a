import {
  bigint,
  bigserial,
  boolean,
  doublePrecision,
  index,
  integer,
  pgSchema,
  serial,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { privacyRequestStates, privacyRequestTypes, roles } from '@clinic/contracts';

/** The identity service's own schema; no other service reads it (migrations in ./migrations). */
export const identitySchema = pgSchema('identity');

const utc = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const users = identitySchema.table('users', {
  id: serial('id').primaryKey(),
  email: text('email').notNull(),
  passwordHash: text('password_hash'),
  role: text('role', { enum: roles }).notNull(),
  firstName: text('first_name'),
  lastName: text('last_name'),
  phone: text('phone'),
  address: text('address'),
  city: text('city'),
  state: text('state'),
  zip: text('zip'),
  gender: text('gender'),
  dob: text('dob'),
  heightInch: doublePrecision('height_inch'),
  weight: doublePrecision('weight'),
  /** Migration 0007: when the Profile tab last changed the weight; null, the quiz's weight. */
  weightAt: utc('weight_at'),
  healthId: text('health_id'),
  /** Migration 0004: the Profile tab's "Text me updates" and preferred categories. */
  textUpdates: boolean('text_updates').notNull().default(false),
  preferredCategories: text('preferred_categories').array().notNull().default([]),
  /**
   * Migration 0005: a clinician's professional profile (Doctor on Demand's doctor profile). The
   * NPI is null or ten digits with a valid check digit (isValidNpi), the bio at most 1000
   * characters, the image URL at most 500.
   */
  npi: text('npi'),
  bio: text('bio'),
  imageUrl: text('image_url'),
  createdAt: utc('created_at').notNull(),
  updatedAt: utc('updated_at').notNull(),
  /** Migration 0011: a staff account an admin disabled (no login, no live session). */
  disabledAt: utc('disabled_at'),
  /** Migration 0011: the last successful login (set for staff, at their second factor). */
  lastLoginAt: utc('last_login_at'),
});
export type UserRow = typeof users.$inferSelect;

export const sessions = identitySchema.table('sessions', {
  id: uuid('id').primaryKey(),
  tokenHash: text('token_hash').notNull(),
  userId: integer('user_id').notNull(),
  createdAt: utc('created_at').notNull(),
  expiresAt: utc('expires_at').notNull(),
  revokedAt: utc('revoked_at'),
  /** Set for a session opened from a checkout link: it only finishes that cart's order. */
  cartId: text('cart_id'),
  /**
   * Migration 0008: a staff session's sliding idle deadline (15 minutes after the person's last
   * request, see sessions.ts); null for a patient's, which only has `expiresAt`.
   */
  idleExpiresAt: utc('idle_expires_at'),
});

export const passwordLinkPurposes = ['reset', 'welcome'] as const;
export type PasswordLinkPurpose = (typeof passwordLinkPurposes)[number];

export const passwordTokens = identitySchema.table('password_tokens', {
  id: serial('id').primaryKey(),
  tokenHash: text('token_hash').notNull(),
  userId: integer('user_id').notNull(),
  purpose: text('purpose', { enum: passwordLinkPurposes }).notNull(),
  createdAt: utc('created_at').notNull(),
  expiresAt: utc('expires_at').notNull(),
  usedAt: utc('used_at'),
  revokedAt: utc('revoked_at'),
});

/**
 * Migration 0006: every failed login, once by account and once by client address (`subject` is
 * `account:` or `address:` and a SHA-256 of the email or address: no list of the clinic's
 * patients in a table of attempts). Counted over a sliding window; each failure prunes the rows
 * every window has left behind.
 */
export const loginFailures = identitySchema.table(
  'login_failures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    subject: text('subject').notNull(),
    failedAt: utc('failed_at').notNull(),
  },
  (t) => [
    index('login_failures_by_subject').on(t.subject, t.failedAt),
    index('login_failures_by_time').on(t.failedAt),
  ],
);

/** Migration 0006: the one-time codes emailed to an account's owner past its failure limit. */
export const loginCodes = identitySchema.table(
  'login_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    salt: text('salt').notNull(),
    codeHash: text('code_hash').notNull(),
    createdAt: utc('created_at').notNull(),
    expiresAt: utc('expires_at').notNull(),
    wrongTries: integer('wrong_tries').notNull().default(0),
    usedAt: utc('used_at'),
    supersededAt: utc('superseded_at'),
  },
  (t) => [index('login_codes_by_user').on(t.userId, t.createdAt)],
);

/**
 * Consumer privacy requests from the CCPA Opt-Out page (migration 0002), worked by admins in
 * three steps, received, verified, done (migration 0008).
 */
export const privacyRequests = identitySchema.table('privacy_requests', {
  id: uuid('id').primaryKey(),
  reference: text('reference').notNull(),
  requestType: text('request_type', { enum: privacyRequestTypes }).notNull(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  state: text('state').notNull(),
  details: text('details').notNull(),
  confirmed: boolean('confirmed').notNull(),
  status: text('status', { enum: privacyRequestStates }).notNull(),
  receivedAt: utc('received_at').notNull(),
  respondBy: utc('respond_by').notNull(),
  closedAt: utc('closed_at'),
  verifiedAt: utc('verified_at'),
  /** The staff member (identity.users) who verified it, and who closed it. */
  verifiedBy: integer('verified_by'),
  closedBy: integer('closed_by'),
  /** What was sent or done, in at most 500 characters; set when the request is done. */
  closingNote: text('closing_note'),
});
export type PrivacyRequestRow = typeof privacyRequests.$inferSelect;

/**
 * Migration 0010: a staff member's authenticator app (TOTP secret, confirmed once a first code
 * matched) and the newest time step a code was accepted for (a code works once).
 */
export const staffFactors = identitySchema.table('staff_factors', {
  userId: integer('user_id').primaryKey(),
  secret: text('secret').notNull(),
  createdAt: utc('created_at').notNull(),
  confirmedAt: utc('confirmed_at'),
  lastStep: bigint('last_step', { mode: 'number' }),
});

/** Migration 0010: one-time recovery codes (argon2id hashes), ten per enrolment. */
export const recoveryCodes = identitySchema.table(
  'recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    codeHash: text('code_hash').notNull(),
    createdAt: utc('created_at').notNull(),
    usedAt: utc('used_at'),
  },
  (t) => [index('recovery_codes_by_user').on(t.userId)],
);

/** Migration 0010: a staff login between its right password and its second factor. */
export const signInChallenges = identitySchema.table(
  'sign_in_challenges',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id').notNull(),
    createdAt: utc('created_at').notNull(),
    expiresAt: utc('expires_at').notNull(),
    wrongTries: integer('wrong_tries').notNull().default(0),
    usedAt: utc('used_at'),
  },
  (t) => [index('sign_in_challenges_by_time').on(t.expiresAt)],
);
