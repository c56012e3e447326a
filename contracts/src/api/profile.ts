/**
 * The portal's Profile tab (spec 002, "User/profile" and section 5's Profile rules): the profile
 * as identity keeps it, the rules and texts the tab and the server share, and its two calls.
 * Its own module so that only the pages that use it (the lazy Profile tab) carry it.
 */
import { z } from 'zod';
import { simpleEmailPattern } from '../rules/intake';
import { INT32_MAX, text } from './fields';
import { defineRoute } from './route';

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
  /**
   * Ours: when the patient last changed the weight here; null while it is the intake quiz's. A
   * weight reported later (an assessment, a refill check-in) is the newer one.
   */
  weight_at: z.iso.datetime().nullable(),
  height_inch: z.number().nullable(),
  text_updates: z.boolean(),
  preferred_categories: z.array(z.enum(profileCategories)),
  created_at: z.string(),
});
export type Profile = z.infer<typeof profileSchema>;

/** A number as a form gives it: a number, or the text of one ("180", " 72.5 "). */
// Bounded like every published number; checkProfile answers anything out of the spec's range.
const formNumber = z.union([z.number().min(-INT32_MAX).max(INT32_MAX), text(20)]).nullish();
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
