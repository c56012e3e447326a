import { z } from 'zod';
import { multilineText, requiredText, text } from './fields';
import { defineRoute } from './route';

/**
 * A text a patient sent to the clinic's number, as the SMS provider (Twilio) posts it: a form
 * with the sender, the clinic's number and the words, among other fields of the provider's that
 * are kept for the signature and not read.
 */
export const inboundSmsSchema = z.looseObject({
  From: requiredText(32, 'From is required'),
  To: text(32).optional(),
  Body: multilineText(1600).default(''),
  MessageSid: text(64).optional(),
});
export type InboundSms = z.infer<typeof inboundSmsSchema>;

/** The carrier keywords every program text number answers (CTIA; Twilio's defaults). */
export const smsKeywords = {
  stop: ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT'],
  start: ['START', 'UNSTOP', 'YES'],
  help: ['HELP', 'INFO'],
} as const;

export const inboundSms = defineRoute({
  method: 'post',
  path: '/webhooks/sms',
  service: 'identity',
  auth: 'public',
  summary:
    "The SMS provider's inbound-message webhook (Twilio's form post, application/x-www-form-urlencoded). With TWILIO_AUTH_TOKEN set, a request without a valid X-Twilio-Signature is a 403 and changes nothing. STOP, STOPALL, UNSUBSCRIBE, CANCEL, END or QUIT turns off \"Text me updates\" for the patients with that number; START, UNSTOP or YES turns it on again; HELP or INFO gets the clinic's name and where to reach support. The answer is TwiML (text/xml): the reply text, or none.",
  requestContentType: 'application/x-www-form-urlencoded',
  body: inboundSmsSchema,
  responseContentType: 'text/xml',
  response: z.string(),
});
