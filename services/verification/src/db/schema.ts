import { index, integer, pgSchema, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { VerificationChannel } from '@clinic/contracts';

/**
 * The verification service's own schema, as its migrations (./migrations) make it; no other
 * service reads it. schema.test.ts fails when the two disagree.
 */
export const verificationSchema = pgSchema('verification');

const utc = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** The phone or the email: the channels a code is sent on and a contact is verified on. */
export const channels = ['phone', 'email'] as const satisfies readonly VerificationChannel[];
export const addressSources = ['checkout', 'verification'] as const;
export const contactCheckStatuses = ['verified', 'skipped'] as const;

/** The newest shipping address of each patient, from checkout's event or saved at /verify. */
export const shipAddresses = verificationSchema.table('ship_addresses', {
  userId: integer('user_id').primaryKey(),
  addressLine1: text('address_line_1').notNull(),
  addressLine2: text('address_line_2'),
  city: text('city').notNull(),
  state: text('state').notNull(),
  zip: text('zip').notNull(),
  source: text('source', { enum: addressSources }).notNull(),
  savedAt: utc('saved_at').notNull(),
});

/**
 * The checkout links' carts that were paid (checkout's payment-succeeded): a session opened from
 * a link may use /verify only for its own paid cart, never to read the patient's address or
 * verification state before paying.
 */
export const paidCarts = verificationSchema.table('paid_carts', {
  cartId: text('cart_id').primaryKey(),
  userId: integer('user_id').notNull(),
  paidAt: utc('paid_at').notNull(),
});

/** One row per code sent; only a salted SHA-256 of the code is kept. */
export const codes = verificationSchema.table(
  'codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    channel: text('channel', { enum: channels }).notNull(),
    /** Where it was sent: a code proves the contact it went to. */
    destination: text('destination').notNull(),
    salt: text('salt').notNull(),
    codeHash: text('code_hash').notNull(),
    createdAt: utc('created_at').notNull(),
    expiresAt: utc('expires_at').notNull(),
    wrongTries: integer('wrong_tries').notNull().default(0),
    usedAt: utc('used_at'),
    supersededAt: utc('superseded_at'),
  },
  (t) => [index('codes_by_user').on(t.userId, t.channel, t.createdAt.desc())],
);

/** Every wrong code entered, for the per-account hourly cap across codes and channels. */
export const codeFailures = verificationSchema.table(
  'code_failures',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    channel: text('channel', { enum: channels }).notNull(),
    at: utc('at').notNull(),
    /** The contact the wrong code was meant for (migration 0002); null on older failures. */
    destination: text('destination'),
  },
  (t) => [
    index('code_failures_by_user').on(t.userId, t.at),
    index('code_failures_by_contact').on(t.userId, t.channel, t.destination, t.at),
  ],
);

/** Where each patient's phone and email verification stands. */
export const contactChecks = verificationSchema.table(
  'contact_checks',
  {
    userId: integer('user_id').notNull(),
    channel: text('channel', { enum: channels }).notNull(),
    status: text('status', { enum: contactCheckStatuses }).notNull(),
    /** The phone or email verified; for a skip, the one on the account then. */
    destination: text('destination'),
    at: utc('at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.channel] })],
);
