import { z } from 'zod';
import { simpleEmailPattern } from '../rules/intake';
import { multilineText, requiredText, text, usStateCode } from './fields';
import { defineRoute } from './route';
import { privacyRequestLimits } from '../rules/privacy';

/**
 * Consumer privacy requests (CCPA/CPRA and the other US state privacy laws): what a person may
 * ask of the clinic from the CCPA Opt-Out page, in the order the form offers them.
 */
export const privacyRequestTypes = [
  'do_not_sell_or_share',
  'limit_sensitive',
  'access',
  'delete',
  'correct',
] as const;
export type PrivacyRequestType = (typeof privacyRequestTypes)[number];

/** How each request type is named to the consumer (the form and the confirmation email). */
export const privacyRequestTypeLabels: Readonly<Record<PrivacyRequestType, string>> = {
  do_not_sell_or_share: 'Do not sell or share my personal information',
  limit_sensitive: 'Limit the use of my sensitive personal information',
  access: 'Access (know) the personal information you hold about me',
  delete: 'Delete my personal information',
  correct: 'Correct inaccurate personal information',
};

/**
 * Where privacy questions and requests go besides the form: the clinic's Privacy Officer, named
 * in the legal documents and in the request's confirmation email.
 */
export const privacyContact = { email: 'privacy@glpclinic.example' } as const;

export const privacyRequestMessages = {
  name: 'Please enter your full name',
  email: 'Please enter a valid email address',
  state: 'Please select your state of residence',
  requestType: 'Please choose what you would like us to do',
  confirm: 'Please confirm that you are the consumer or their authorized agent',
  received: `We received your request. We will confirm it by email and respond within ${privacyRequestLimits.responseDays} days.`,
} as const;

const m = privacyRequestMessages;

/** One request from the CCPA Opt-Out page's form. Every string is one bounded line but details. */
export const privacyRequestSchema = z.object({
  name: requiredText(privacyRequestLimits.nameMax, m.name),
  email: text(privacyRequestLimits.emailMax)
    .trim()
    .regex(simpleEmailPattern, m.email)
    .toLowerCase(),
  state: usStateCode(m.state),
  request_type: z.enum(privacyRequestTypes, m.requestType),
  details: multilineText(privacyRequestLimits.detailsMax).trim().optional().default(''),
  /** "I am the consumer, or I am authorized to act for them." */
  confirmed: z.literal(true, m.confirm),
});
/** The form as sent; `details` may be left out. */
export type PrivacyRequest = z.input<typeof privacyRequestSchema>;

export const privacyRequestResponseSchema = z.object({
  status: z.literal('success'),
  message: z.string(),
  /** What the consumer quotes when they write to us about the request (e.g. PR-7KQ2M9XD). */
  reference: z.string(),
});
export type PrivacyRequestResponse = z.infer<typeof privacyRequestResponseSchema>;

export const privacyRequest = defineRoute({
  method: 'post',
  path: '/api/privacy-request',
  service: 'identity',
  auth: 'public',
  summary:
    'Records a consumer privacy request (opt out of sale or sharing, limit sensitive data, access, delete, correct) and emails its reference; answered within 45 days.',
  body: privacyRequestSchema,
  response: privacyRequestResponseSchema,
});
