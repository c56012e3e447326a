import { z } from 'zod';
import { simpleEmailPattern } from '../rules/intake';
import { requiredText, text } from './fields';
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
  recentLoginRequired:
    'For your security, enter your current password, or log out and log in again, to change your password.',
  currentPasswordWrong: 'Your current password is not correct.',
} as const;

/** update-password needs a login this recent, or the current password (README, "Sessions"). */
export const recentLoginMs = 15 * 60 * 1000;

/** Spec 000 section 5: email and password required, at most 256 characters each. */
const email = requiredText(256, 'Email is required').toLowerCase();
export const passwordRules = { min: 8, max: 256 } as const;
const newPassword = text(passwordRules.max).min(
  passwordRules.min,
  `Password must be at least ${passwordRules.min} characters`,
);

export const loginRequestSchema = z.object({
  email,
  password: text(256).min(1, 'Password is required'),
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

/** Spec 002, "User/profile": the categories a patient may prefer. */
export const profileCategories = [
  'MIND',
  'BODY',
  'WEIGHT',
  'SEX',
  'LONGEVITY',
  'SKIN',
  'HAIR',
] as const;
export type ProfileCategory = (typeof profileCategories)[number];
export const profileGenders = ['Male', 'Female'] as const;

/** Spec 002 sections 5 and 8 (Profile), verbatim, and the server's own messages. */
export const profileMessages = {
  fullName: 'Please enter your full name',
  email: 'Please enter a valid email address',
  phone: 'Please enter a valid 10-digit phone number',
  gender: 'Please select your gender',
  weight: 'Please enter a valid weight',
  height: 'Please enter a valid height',
  passwordsDoNotMatch: 'Passwords do not match',
  profileUpdated: 'Profile updated!',
  addressUpdated: 'Address updated!',
  passwordUpdated: 'Password updated!',
  submitted: 'Thank you! Your submission has been received!',
  profileFailed: 'Failed to update profile',
  addressFailed: 'Failed to update address',
  passwordFailed: 'Failed to update password',
  defaultError: 'Oops! Something went wrong while submitting the form.',
  // The server's messages where the spec gives none.
  category: 'Please choose your categories from the list',
  emailTaken: 'This email address is already in use.',
} as const;

/** Spec 002 section 5: weight 1 to 999; height 1 inch to 8 ft 11 in; feet 0-8, inches 0-11. */
export const profileLimits = {
  nameMax: 50,
  emailMax: 256,
  weightMin: 1,
  weightMax: 999,
  heightMinInch: 1,
  feetMax: 8,
  inchesMax: 11,
  zipMax: 10,
} as const;

/** A patient's profile as the portal's Profile tab reads it (spec 002, "User/profile"). */
export const profileSchema = z.object({
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone: z.string(),
  gender: z.enum(profileGenders).nullable(),
  weight: z.number().nullable(),
  height_inch: z.number().nullable(),
  text_updates: z.boolean(),
  preferred_categories: z.array(z.enum(profileCategories)),
  created_at: z.string(),
});
export type Profile = z.infer<typeof profileSchema>;

/** A number as a form gives it: a number, or the text of one ("180", " 72.5 "). */
const formNumber = z.union([z.number(), text(20)]).nullish();
const formFlag = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.enum(['true', 'false', '0', '1'])])
  .optional();

/**
 * What update-profile takes: the shapes only, leniently (numbers may be strings, a field may be
 * missing), so that each rule of spec 002 answers with its own message (checkProfile), never
 * with a schema's wording.
 */
export const updateProfileRequestSchema = z.object({
  first_name: text(profileLimits.nameMax).optional(),
  last_name: text(profileLimits.nameMax).optional(),
  email: text(profileLimits.emailMax).optional(),
  phone: text(20).optional(),
  gender: text(16).nullish(),
  weight: formNumber,
  height_inch: formNumber,
  text_updates: formFlag,
  preferred_categories: z.array(text(20)).max(20).optional(),
});
export type UpdateProfileRequest = z.input<typeof updateProfileRequestSchema>;

/** A profile that passed every rule, in the form it is stored. */
export interface CheckedProfile {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  gender: (typeof profileGenders)[number];
  weight: number;
  height_inch: number;
  text_updates: boolean;
  preferred_categories: ProfileCategory[];
}

export type ProfileField = keyof CheckedProfile;

function toNumber(value: number | string | null | undefined): number {
  if (typeof value === 'number') return value;
  const trimmed = (value ?? '').trim();
  return /^\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/**
 * The rules of spec 002 section 5 (Profile), shared by the Profile tab and the server: the first
 * failing field with its message, or the profile as stored (names and email trimmed, the email
 * lower-case, categories in the list's order, each once).
 */
export function checkProfile(
  input: UpdateProfileRequest,
): { ok: true; profile: CheckedProfile } | { ok: false; field: ProfileField; message: string } {
  const first = (input.first_name ?? '').trim();
  const last = (input.last_name ?? '').trim();
  if (!first || !last) return { ok: false, field: 'first_name', message: profileMessages.fullName };
  const email = (input.email ?? '').trim().toLowerCase();
  if (email.length > profileLimits.emailMax || !simpleEmailPattern.test(email))
    return { ok: false, field: 'email', message: profileMessages.email };
  const phone = (input.phone ?? '').trim();
  if (!/^\d{10}$/.test(phone)) return { ok: false, field: 'phone', message: profileMessages.phone };
  const gender = profileGenders.find(
    (g) => g.toLowerCase() === (input.gender ?? '').trim().toLowerCase(),
  );
  if (!gender) return { ok: false, field: 'gender', message: profileMessages.gender };
  const weight = toNumber(input.weight);
  if (!(weight >= profileLimits.weightMin && weight <= profileLimits.weightMax))
    return { ok: false, field: 'weight', message: profileMessages.weight };
  const height = toNumber(input.height_inch);
  const tallest = profileLimits.feetMax * 12 + profileLimits.inchesMax;
  if (!(height >= profileLimits.heightMinInch && height <= tallest))
    return { ok: false, field: 'height_inch', message: profileMessages.height };
  const asked = input.preferred_categories ?? [];
  const known = new Set<string>(profileCategories);
  if (asked.some((c) => !known.has(c.trim().toUpperCase())))
    return { ok: false, field: 'preferred_categories', message: profileMessages.category };
  const chosen = new Set(asked.map((c) => c.trim().toUpperCase()));
  const flag = input.text_updates;
  return {
    ok: true,
    profile: {
      first_name: first,
      last_name: last,
      email,
      phone,
      gender,
      weight,
      height_inch: height,
      text_updates: flag === true || flag === 1 || flag === 'true' || flag === '1',
      preferred_categories: profileCategories.filter((c) => chosen.has(c)),
    },
  };
}

export const getProfile = defineRoute({
  method: 'get',
  path: '/api/profile',
  service: 'identity',
  auth: 'patient',
  summary: 'The caller\'s profile for the portal\'s Profile tab (spec 002, "User/profile").',
  response: z.object({ status: z.literal('success'), profile: profileSchema }),
});

export const updateProfile = defineRoute({
  method: 'post',
  path: '/api/update-profile',
  service: 'identity',
  auth: 'patient',
  summary:
    "Saves the caller's profile (spec 002 section 5 rules: 400 with the rule's message, nothing changed); an email another account has is a 409. A new email or phone is published as patient-contact-changed.",
  body: updateProfileRequestSchema,
  response: z.object({ status: z.literal('success'), message: z.string() }),
});
