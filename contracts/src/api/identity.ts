import { z } from 'zod';
import { requiredText, text } from './fields';
import { defineRoute } from './route';
import { passwordRules } from '../rules/accounts';
import { roles } from '../rules/roles';

/** Spec 000 section 3, "User (in session)", plus the role for the staff console. */
export const sessionUserSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  height_inch: z.number().nullable(),
  weight: z.number().nullable(),
  health_id: z.string().nullable(),
  /** 1 for admins, 0 otherwise (spec 000 section 6). */
  is_admin: z.union([z.literal(0), z.literal(1)]),
  role: z.enum(roles),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/**
 * The user of a session opened from a checkout link: only what the checkout page shows. The
 * scope tells the web that this session cannot open the portal (it asks for a real login).
 */
export const cartSessionUserSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  role: z.literal('patient'),
  session_scope: z.literal('cart'),
});
export type CartSessionUser = z.infer<typeof cartSessionUserSchema>;

/** Spec 000 section 5: email and password required, at most 256 characters each. */
const email = requiredText(256, 'Email is required').toLowerCase();
const newPassword = text(passwordRules.max).min(
  passwordRules.min,
  `Password must be at least ${passwordRules.min} characters`,
);

export const loginRequestSchema = z.object({
  email,
  password: text(256).min(1, 'Password is required'),
  /** The 6-digit code emailed to the owner of an account past its failure limit. */
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'The code is the 6 digits in our email')
    .optional(),
});

export const loginResponseSchema = z.object({
  status: z.literal('success'),
  message: z.string(),
  token: z.string(),
  user: sessionUserSchema,
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/**
 * POST /api/login's answer to a staff member's right password: no session yet, a short-lived
 * challenge for the second step. `next` says which: a code (`code`), or enrolment first (`enrol`).
 */
export const secondFactorNeededSchema = z.object({
  status: z.literal('second_factor'),
  message: z.string(),
  challenge: z.string(),
  next: z.enum(['code', 'enrol']),
});
export type SecondFactorNeeded = z.infer<typeof secondFactorNeededSchema>;

export const login = defineRoute({
  method: 'post',
  path: '/api/login',
  service: 'identity',
  auth: 'public',
  summary:
    'Logs in with email and password; for a patient the whole answer is the session (token and user). For staff the right password answers status second_factor with a short-lived challenge for POST /api/login/second-factor (or, without an authenticator app yet, /api/login/enrolment). Only failures count: 20 per address in 15 minutes (then 429 with Retry-After); past 5 for an account in 15 minutes, 401 with reason login_code_needed until the request also carries the 6-digit code emailed to the owner (reason login_code_wrong when it is not the live one).',
  body: loginRequestSchema,
  response: z.union([loginResponseSchema, secondFactorNeededSchema]),
});

export const logout = defineRoute({
  method: 'get',
  path: '/api/logout',
  service: 'identity',
  auth: 'patient',
  allowCartSession: true,
  summary: "Revokes the caller's session: the token is refused from then on.",
  response: z.object({ status: z.literal('success'), message: z.string() }),
});

export const forgotPassword = defineRoute({
  method: 'post',
  path: '/api/forgot-password',
  service: 'identity',
  auth: 'public',
  summary:
    'Emails a single-use reset link valid one hour; answers the same whether or not the email has an account.',
  body: z.object({ email, app_src: z.union([z.literal(2), z.literal('2')]).optional() }),
  response: z.object({ status: z.literal('success'), message: z.string() }),
});

export const passwordReset = defineRoute({
  method: 'post',
  path: '/api/password-reset',
  service: 'identity',
  auth: 'public',
  summary: 'Sets a new password with a reset (or set-your-password) link token; the token dies.',
  body: z.object({ password: newPassword, token: text(256).min(1) }),
  response: z.object({ status: z.literal('success'), message: z.string() }),
});

export const updatePassword = defineRoute({
  method: 'post',
  path: '/api/update-password',
  service: 'identity',
  auth: 'patient',
  summary:
    "Changes the caller's password (spec 002: newPassword, confirmPassword, which must be equal); the caller's other sessions are revoked. Needs a login less than 15 minutes old or the current password (403 otherwise).",
  body: z
    .object({
      newPassword,
      confirmPassword: text(passwordRules.max).meta({ description: 'Equal to newPassword' }),
      /** Required when the session is older than 15 minutes. */
      currentPassword: text(passwordRules.max).optional(),
    })
    .refine((b) => b.newPassword === b.confirmPassword, {
      message: 'Passwords do not match',
      path: ['confirmPassword'],
    }),
  response: z.object({ status: z.literal('success'), message: z.string() }),
});
