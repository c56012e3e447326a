import { z } from 'zod';
import { defineRoute } from './route';

/** Who a user is to the clinic: a patient, or a member of staff with one role (BRIEF section 1). */
export const roles = ['patient', 'clinician', 'support', 'pharmacy', 'marketing', 'admin'] as const;
export type Role = (typeof roles)[number];
export const staffRoles = roles.filter((r) => r !== 'patient') as Exclude<Role, 'patient'>[];

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

/** Spec 000 sections 5 and 8: the texts of login and recovery, verbatim. */
export const identityMessages = {
  loginFailed: 'Email or password entered is incorrect. Please try again or reset your password.',
  loginSuccess: 'Login successful.',
  forgotSuccess: 'We have emailed you a link to reset your password.',
  resetSuccess: 'Password changed successfully.',
  resetExpired: 'Link expired!',
  passwordsDoNotMatch: 'Passwords do not match!',
  tooManyAttempts: 'Too many attempts. Please wait a few minutes and try again.',
  loggedOut: 'Logged out.',
  notLoggedIn: 'Please log in to continue.',
  passwordUpdated: 'Password updated!',
} as const;

/** Spec 000 section 5: email and password required, at most 256 characters each. */
const email = z.string().trim().min(1, 'Email is required').max(256).toLowerCase();
export const passwordRules = { min: 8, max: 256 } as const;
const newPassword = z
  .string()
  .min(passwordRules.min, `Password must be at least ${passwordRules.min} characters`)
  .max(passwordRules.max);

export const loginRequestSchema = z.object({
  email,
  password: z.string().min(1, 'Password is required').max(256),
});

export const loginResponseSchema = z.object({
  status: z.literal('success'),
  message: z.string(),
  token: z.string(),
  user: sessionUserSchema,
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const login = defineRoute({
  method: 'post',
  path: '/api/login',
  service: 'identity',
  auth: 'public',
  summary: 'Logs in with email and password; the whole answer is the session (token and user).',
  body: loginRequestSchema,
  response: loginResponseSchema,
});

export const logout = defineRoute({
  method: 'get',
  path: '/api/logout',
  service: 'identity',
  auth: 'patient',
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
  body: z.object({ password: newPassword, token: z.string().min(1).max(256) }),
  response: z.object({ status: z.literal('success'), message: z.string() }),
});

export const updatePassword = defineRoute({
  method: 'post',
  path: '/api/update-password',
  service: 'identity',
  auth: 'patient',
  summary:
    "Changes the caller's password (spec 002: newPassword, confirmPassword); the caller's other sessions are revoked.",
  body: z
    .object({ newPassword, confirmPassword: z.string().max(passwordRules.max) })
    .refine((b) => b.newPassword === b.confirmPassword, {
      message: 'Passwords do not match',
      path: ['confirmPassword'],
    }),
  response: z.object({ status: z.literal('success'), message: z.string() }),
});
