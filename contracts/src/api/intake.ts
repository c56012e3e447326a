import { z } from 'zod';
import { offerVariants } from '../constants/tracking';
import { stateCodes } from '../constants/states';
import {
  genders,
  intakeLimits,
  intakeMessages,
  namePattern,
  phonePartLengths,
  simpleEmailPattern,
} from '../rules/intake';
import { disqualificationReasons } from '../rules/disqualification';
import { controlCharacterMessage, numeric, singleLinePattern, text } from './fields';
import { defineRoute } from './route';
import { sessionUserSchema } from './identity';

/** A campaign value as ad platforms write it: letters, digits and the usual punctuation only. */
const campaignValue = (max: number) =>
  z
    .string()
    .max(max)
    // eslint-disable-next-line no-useless-escape -- escaped alike for every regex engine
    .regex(/^[\w .,:;@%+~|()\[\]{}!*'\/=&?#-]*$/, 'must be plain text');

/** A page address the browser reports: http(s) only, so no script or data URL is ever stored. */
const pageUrl = z
  .string()
  .max(2048)
  // eslint-disable-next-line no-control-regex -- refusing control characters is the point
  .regex(/^https?:\/\/[^\s\u0000-\u001f\u007f<>"]+$/, 'must be an http(s) URL');

export const trackingDataSchema = z.object({
  utm_source: campaignValue(256).optional(),
  utm_medium: campaignValue(256).optional(),
  utm_campaign: campaignValue(256).optional(),
  utm_term: campaignValue(256).optional(),
  utm_content: campaignValue(256).optional(),
  gclid: campaignValue(512).optional(),
  fbclid: campaignValue(512).optional(),
  landing_page: pageUrl.optional(),
  referrer: pageUrl.or(z.literal('')).optional(),
  /** When the campaign visit happened, ISO 8601. */
  timestamp: z.iso.datetime().optional(),
  /** The active offers (`offerVariants`) the quiz ran under: the lead's arm of each offer test. */
  sema_offer: z.enum(offerVariants).optional(),
  tir_offer: z.enum(offerVariants).optional(),
});
export type TrackingData = z.infer<typeof trackingDataSchema>;

/** A whole number within the quiz's range, as a number or the string a form field gives. */
const wholeNumber = (min: number, max: number, message: string) =>
  numeric(z.number({ error: message }).int(message).min(min, message).max(max, message));

const pounds = (message: string) =>
  numeric(
    z
      .number({ error: message })
      .min(intakeLimits.weight.min, message)
      .max(intakeLimits.weight.max, message),
  );

const phonePart = (length: number) =>
  z.string().regex(new RegExp(`^\\d{${length}}$`), intakeMessages.phone);

const personName = text(intakeLimits.nameMaxLength).regex(namePattern, intakeMessages.name);

/** The quiz's year select: 1924 to the current year (spec 000 section 5). */
const lastBirthYear = new Date().getUTCFullYear();

/**
 * The intake person payload of spec 000 section 3. Shapes and sizes are checked here; the quiz's
 * rules and messages (rules/intake.ts) are checked by the service after this. The derived values
 * (heightInInches, bmi, dobMMDDYYYY, age) are recomputed by the server, never trusted.
 */
export const intakePersonSchema = z.object({
  first_name: personName,
  last_name: personName,
  /** Surrounding spaces a phone keyboard adds are dropped before the pattern is checked. */
  email: z
    .string()
    .trim()
    .max(intakeLimits.emailMaxLength, intakeMessages.email)
    .regex(singleLinePattern, controlCharacterMessage)
    .regex(simpleEmailPattern, intakeMessages.email),
  /** The number again as one string; the server keeps the three parts'. */
  phone: text(20),
  phone_parts: z.object({
    areaCode: phonePart(phonePartLengths.areaCode),
    prefix: phonePart(phonePartLengths.prefix),
    line: phonePart(phonePartLengths.line),
  }),
  height: z.object({
    foot: wholeNumber(intakeLimits.feet.min, intakeLimits.feet.max, intakeMessages.height),
    inches: wholeNumber(intakeLimits.inches.min, intakeLimits.inches.max, intakeMessages.height),
  }),
  heightInInches: numeric(z.number().min(0).max(1000)).optional(),
  weight: pounds(intakeMessages.weight),
  bmi: numeric(z.number().min(0).max(1000)).optional(),
  gender: z.enum(genders, intakeMessages.gender),
  agreed_to_text: z.literal('Yes'),
  agreed_to_email: z.literal(true, intakeMessages.emailConsent),
  agreed_to_terms: z.literal(true, intakeMessages.terms),
  form_step2_agree: z.boolean(),
  dobMMDDYYYY: text(10).optional(),
  dob: z.object({
    mm: wholeNumber(1, 12, intakeMessages.dobInvalid),
    dd: wholeNumber(1, 31, intakeMessages.dobInvalid),
    yyyy: wholeNumber(intakeLimits.firstYear, lastBirthYear, intakeMessages.dobInvalid),
  }),
  age: numeric(z.number().min(0).max(200)).optional(),
  desired_weight: pounds(intakeMessages.desiredWeight),
  state: z.enum(stateCodes as [string, ...string[]], intakeMessages.state),
  source_web: z.union([z.literal(2), z.literal('2')]).transform(() => 2 as const),
  /** Ignored: the server takes the address from the connection (behind its trusted proxy). */
  ip_address: text(64).optional(),
  tracking_session_id: text(128).optional(),
  user_agent: text(512).optional(),
  is_completed: z.boolean().optional(),
  tracking: trackingDataSchema.optional(),
});
export type IntakePerson = z.infer<typeof intakePersonSchema>;
/** What a client sends (numbers may be strings, consents must be true). */
export type IntakePersonInput = z.input<typeof intakePersonSchema>;

/** The spec's client reads status, user (id) and token; on success the login is stored. */
export const intakeQualifiedResponseSchema = z.object({
  status: z.literal('success'),
  message: z.string(),
  user: sessionUserSchema,
  token: z.string(),
});

/** Not qualified: the browser goes to /sorry with the message. */
export const intakeDisqualifiedResponseSchema = z.object({
  status: z.literal('disqualified'),
  reason: z.enum(disqualificationReasons),
  message: z.string(),
});

/**
 * The email already has an account. No second account and no session is given out (knowing an
 * email is not a login): the visitor is asked to log in and comes back to the report.
 */
export const intakeExistingAccountResponseSchema = z.object({
  status: z.literal('existing_account'),
  message: z.string(),
});

export const intakeFormResponseSchema = z.discriminatedUnion('status', [
  intakeQualifiedResponseSchema,
  intakeDisqualifiedResponseSchema,
  intakeExistingAccountResponseSchema,
]);
export type IntakeFormResponse = z.infer<typeof intakeFormResponseSchema>;

export const intakeForm = defineRoute({
  method: 'post',
  path: '/api/intake-form',
  service: 'intake',
  auth: 'public',
  summary:
    'Submits the nine-step quiz: stores the lead with its campaign, then qualifies it (account and session) or disqualifies it.',
  body: intakePersonSchema,
  response: intakeFormResponseSchema,
});

/** Why the plan page disqualifies: its BMI check (spec 000 section 4, "Plan flow"). */
export const addDisqualifyQuerySchema = z.object({
  reason: z.enum(disqualificationReasons).optional(),
  currentGLPMed: z.enum(['Yes', 'No']).optional(),
});

export const addDisqualify = defineRoute({
  method: 'get',
  path: '/forms/add-disqualify',
  service: 'intake',
  auth: 'patient',
  summary: "Tags the caller's lead as disqualified (the plan page's BMI check).",
  query: addDisqualifyQuerySchema,
  response: z.object({ status: z.literal('success'), message: z.string() }),
});
