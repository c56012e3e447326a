import {
  bigserial,
  boolean,
  integer,
  jsonb,
  pgSchema,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import type { ConversationStatus } from '@clinic/contracts';

/**
 * Chat's own schema, as its migrations (./migrations) make it; no other service reads it.
 * schema.test.ts fails when the two disagree.
 */
export const chatSchema = pgSchema('chat');

const utc = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const visitors = chatSchema.table('visitors', {
  id: serial('id').primaryKey(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  email: text('email').notNull(),
  tokenHash: text('token_hash').notNull(),
  createdAt: utc('created_at').notNull(),
});

export const conversations = chatSchema.table('conversations', {
  id: serial('id').primaryKey(),
  participantKind: text('participant_kind').$type<'patient' | 'visitor'>().notNull(),
  participantId: integer('participant_id').notNull(),
  displayName: text('display_name').notNull(),
  email: text('email').notNull(),
  status: text('status').$type<ConversationStatus>().notNull(),
  claimedBy: integer('claimed_by'),
  claimedByName: text('claimed_by_name'),
  waitingSince: utc('waiting_since'),
  lastMessageAt: utc('last_message_at'),
  lastMessage: text('last_message'),
  lastSeenAt: utc('last_seen_at'),
  createdAt: utc('created_at').notNull(),
  closedAt: utc('closed_at'),
});

export const messages = chatSchema.table('messages', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  conversationId: integer('conversation_id').notNull(),
  role: text('role').$type<'user' | 'assistant' | 'system'>().notNull(),
  authorId: integer('author_id'),
  authorName: text('author_name'),
  content: text('content').notNull(),
  clientId: text('client_id'),
  createdAt: utc('created_at').notNull(),
});

export const encounters = chatSchema.table('encounters', {
  encounterId: text('encounter_id').primaryKey(),
  userId: integer('user_id').notNull(),
  orderId: integer('order_id').notNull(),
  clinicianId: integer('clinician_id'),
  openedAt: utc('opened_at').notNull(),
});

/** A file of a doctor message: forms' stored name, its checked type, the name the patient gave. */
export interface StoredAttachment {
  fileName: string;
  type: string;
  name: string;
}

export const doctorMessages = chatSchema.table('doctor_messages', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userId: integer('user_id').notNull(),
  encounterId: text('encounter_id'),
  fromDoctor: boolean('from_doctor').notNull(),
  authorId: integer('author_id'),
  authorName: text('author_name'),
  body: text('body').notNull(),
  attachments: jsonb('attachments').$type<StoredAttachment[]>().notNull(),
  createdAt: utc('created_at').notNull(),
  /** The clinic's note this message posts (clinician-note-written); null for every other. */
  clinicNoteId: integer('clinic_note_id').unique(),
});

export const doctorThreads = chatSchema.table('doctor_threads', {
  userId: integer('user_id').primaryKey(),
  patientName: text('patient_name').notNull(),
  waitingSince: utc('waiting_since'),
  lastMessageAt: utc('last_message_at').notNull(),
  lastMessage: text('last_message').notNull(),
});
