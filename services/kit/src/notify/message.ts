import { z } from 'zod';
import { simpleEmailPattern } from '@clinic/contracts';

/**
 * One outgoing notification (an email or a text message), as services hand it to the Notifier and
 * as the send-notification job stores it. Validated per channel before it is queued, so a bad
 * address fails at the caller instead of being retried five times by the worker.
 */

/** International E.164 (`+15551234567`) or a bare 10-digit US number (`5551234567`). */
export const SMS_NUMBER = /^(?:\+[1-9]\d{7,14}|\d{10})$/;

// Header fields must stay on one line: a CR or LF in a subject could inject mail headers.
const subject = z
  .string()
  .trim()
  .min(1, 'Subject is required')
  .max(300)
  .regex(/^[^\r\n]*$/, 'Subject must be one line');

const html = z.string().max(500_000).optional();

export const emailMessageSchema = z.object({
  channel: z.literal('email'),
  // The product's own email rule (spec 000's simple pattern): an address a patient could save
  // must be one the notifier takes, or a code to it would fail as a server error.
  to: z
    .string()
    .max(320)
    .regex(simpleEmailPattern, 'Invalid email address')
    .regex(/^[^\r\n]*$/, 'Invalid email address'),
  subject,
  body: z.string().min(1, 'Body is required').max(500_000),
  html,
});

export const smsMessageSchema = z.object({
  channel: z.literal('sms'),
  to: z
    .string()
    .trim()
    .regex(SMS_NUMBER, 'Invalid phone number: use E.164 (+15551234567) or 10 US digits'),
  subject: subject.optional(),
  // Twilio refuses bodies over 1600 characters.
  body: z.string().min(1, 'Body is required').max(1600),
  html,
});

export const outgoingMessageSchema = z.discriminatedUnion('channel', [
  emailMessageSchema,
  smsMessageSchema,
]);

export type OutgoingMessage = z.infer<typeof outgoingMessageSchema>;
export type NotificationChannel = OutgoingMessage['channel'];
