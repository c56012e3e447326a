import { z } from 'zod';
import { stateCodes } from '../constants/states';
import { disqualificationReasons, genders, intakeLimits } from '../rules/intake';
import { defineRoute } from './route';
import { sessionUserSchema } from './identity';

const shortText = (max: number) => z.string().max(max);

/**
 * Campaign tracking (spec 000 section 3, "Tracking data"): kept by the browser in a 30-day cookie
 * only when a campaign parameter exists, and sent with the lead.
 */
export const campaignParameterNames = [
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
  'gclid',
  'fbclid',
] as const;

export const trackingDataSchema = z.object({
  utm_source: shortText(256).optional(),
  utm_medium: shortText(256).optional(),
  utm_campaign: shortText(256).optional(),
  utm_term: shortText(256).optional(),
  utm_content: shortText(256).optional(),
  gclid: shortText(512).optional(),
  fbclid: shortText(512).optional(),
  landing_page: shortText(2048).optional(),
  referrer: shortText(2048).optional(),
  /** When the campaign visit happened, ISO 8601. */
  timestamp: z.iso.datetime().optional(),
});
export type TrackingData = z.infer<typeof trackingDataSchema>;

const wholeNumber = z.number().int();

/**
 * The intake person payload of spec 000 section 3. Shapes and sizes are checked here; the quiz's
 * rules and messages (rules/intake.ts) are checked by the service after this. The derived values
 * (heightInInches, bmi, dobMMDDYYYY, age) are recomputed by the server, never trusted.
 */
export const intakePersonSchema = z.object({
  first_name: shortText(intakeLimits.nameMaxLength),
  last_name: shortText(intakeLimits.nameMaxLength),
  email: shortText(intakeLimits.emailMaxLength),
  phone: z.string().max(20),
  phone_parts: z.object({
    areaCode: z.string().max(3),
    prefix: z.string().max(3),
    line: z.string().max(4),
  }),
  height: z.object({ foot: wholeNumber, inches: wholeNumber }),
  heightInInches: z.number().optional(),
  weight: z.number(),
  bmi: z.number().optional(),
  gender: z.enum(genders),
  agreed_to_text: z.literal('Yes'),
  agreed_to_email: z.boolean(),
  agreed_to_terms: z.boolean(),
  form_step2_agree: z.boolean(),
  dobMMDDYYYY: z.string().max(10).optional(),
  dob: z.object({ mm: wholeNumber, dd: wholeNumber, yyyy: wholeNumber }),
  age: z.number().optional(),
  desired_weight: z.number(),
  state: z.enum(stateCodes as [string, ...string[]]),
  source_web: z.literal(2),
  /** Ignored: the server takes the address from the connection (behind its trusted proxy). */
  ip_address: z.string().max(64).optional(),
  tracking_session_id: z.string().max(128).optional(),
  user_agent: z.string().max(512).optional(),
  is_completed: z.boolean().optional(),
  tracking: trackingDataSchema.optional(),
});
export type IntakePerson = z.infer<typeof intakePersonSchema>;

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

export const existingAccountMessage =
  'You already have an account with this email address. Please log in to continue.';

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
