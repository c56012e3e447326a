import {
  doublePrecision,
  integer,
  pgSchema,
  serial,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { roles } from '@clinic/contracts';

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
  healthId: text('health_id'),
  createdAt: utc('created_at').notNull(),
  updatedAt: utc('updated_at').notNull(),
});
export type UserRow = typeof users.$inferSelect;

export const sessions = identitySchema.table('sessions', {
  id: uuid('id').primaryKey(),
  tokenHash: text('token_hash').notNull(),
  userId: integer('user_id').notNull(),
  createdAt: utc('created_at').notNull(),
  expiresAt: utc('expires_at').notNull(),
  revokedAt: utc('revoked_at'),
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
