/**
 * The portal's Profile tab (spec 002, "User/profile" and section 5's Profile rules): the profile
 * as identity keeps it, the rules and texts the tab and the server share, and its two calls.
 * Its own module so that only the pages that use it (the lazy Profile tab) carry it.
 */
import { z } from 'zod';
import { simpleEmailPattern } from '../rules/intake';
import { numeric, singleLinePattern } from './fields';
import { defineRoute } from './route';
import { profileLimits } from '../rules/profile';

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

/** `word` in either case, as a JSON Schema pattern can say it (its patterns take no flags). */
function eitherCase(word: string): string {
  return [...word]
    .map((c) =>
      c.toLowerCase() === c.toUpperCase() ? c : `[${c.toUpperCase()}${c.toLowerCase()}]`,
    )
    .join('');
}

/** One of `words`, in any case, with spaces around it (a form's value, trimmed when read). */
function oneOfWords(words: readonly string[]): RegExp {
  return new RegExp(`^\\s*(?:${words.map(eitherCase).join('|')})\\s*$`);
}

/**
 * One line of text with something besides spaces in it; whatever is wrong with it (missing
 * included) is answered with the rule's `message`.
 */
function filledLine(max: number, message: string) {
  return z
    .string({ error: message })
    .max(max, message)
    .regex(singleLinePattern, message)
    .regex(/\S/, message);
}

/** Spec 000's simple email pattern, with the spaces a form may leave around it. */
const paddedEmail = new RegExp(`^\\s*${simpleEmailPattern.source.slice(1, -1)}\\s*$`);

const formFlag = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.enum(['true', 'false', '0', '1'])])
  .optional();

/**
 * What update-profile takes, every rule of spec 002 section 5 said in the schema itself (so the
 * OpenAPI document is exactly what the server accepts), each refused with the rule's own message:
 * both names filled in, a simple email, 10 digits, Male or Female (any case), a weight of 1 to
 * 999 and a height of 1 inch to 8 ft 11 in (numbers, or the strings a form gives), categories
 * from the list (any case). Spaces around a value are allowed; checkProfile trims them.
 */
export const updateProfileRequestSchema = z.object({
  first_name: filledLine(profileLimits.nameMax, profileMessages.fullName),
  last_name: filledLine(profileLimits.nameMax, profileMessages.fullName),
  email: z
    .string({ error: profileMessages.email })
    .max(profileLimits.emailMax, profileMessages.email)
    .regex(singleLinePattern, profileMessages.email)
    .regex(paddedEmail, profileMessages.email),
  phone: z
    .string({ error: profileMessages.phone })
    .regex(/^\s*[0-9]{10}\s*$/, profileMessages.phone),
  gender: z
    .string({ error: profileMessages.gender })
    .regex(oneOfWords(profileGenders), profileMessages.gender),
  weight: numeric(
    z
      .number()
      .min(profileLimits.weightMin, profileMessages.weight)
      .max(profileLimits.weightMax, profileMessages.weight),
    profileMessages.weight,
  ),
  height_inch: numeric(
    z
      .number()
      .min(profileLimits.heightMinInch, profileMessages.height)
      .max(profileLimits.feetMax * 12 + profileLimits.inchesMax, profileMessages.height),
    profileMessages.height,
  ),
  text_updates: formFlag,
  preferred_categories: z
    .array(
      z
        .string()
        .max(20, profileMessages.category)
        .regex(oneOfWords(profileCategories), profileMessages.category),
      {
        error: profileMessages.category,
      },
    )
    .max(20, profileMessages.category)
    .optional(),
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

/** The message of each field's rule; a problem with the last name is the full name's. */
const fieldProblems: Record<string, { field: ProfileField; message: string }> = {
  first_name: { field: 'first_name', message: profileMessages.fullName },
  last_name: { field: 'first_name', message: profileMessages.fullName },
  email: { field: 'email', message: profileMessages.email },
  phone: { field: 'phone', message: profileMessages.phone },
  gender: { field: 'gender', message: profileMessages.gender },
  weight: { field: 'weight', message: profileMessages.weight },
  height_inch: { field: 'height_inch', message: profileMessages.height },
  text_updates: { field: 'text_updates', message: profileMessages.defaultError },
  preferred_categories: { field: 'preferred_categories', message: profileMessages.category },
};

/**
 * The rules of spec 002 section 5 (Profile), shared by the Profile tab and the server: the
 * request's schema, so the browser, the server and the OpenAPI document cannot disagree. The
 * first failing field (in the form's order) with its message, or the profile as stored (names
 * and email trimmed, the email lower-case, categories in the list's order, each once).
 */
export function checkProfile(
  input: UpdateProfileRequest,
): { ok: true; profile: CheckedProfile } | { ok: false; field: ProfileField; message: string } {
  const parsed = updateProfileRequestSchema.safeParse(input);
  if (!parsed.success) {
    const key = parsed.error.issues[0]?.path[0];
    const problem = (typeof key === 'string' && fieldProblems[key]) || fieldProblems.first_name!;
    return { ok: false, ...problem };
  }
  const given = parsed.data;
  const chosen = new Set((given.preferred_categories ?? []).map((c) => c.trim().toUpperCase()));
  const flag = given.text_updates;
  const gender = given.gender.trim().toLowerCase();
  return {
    ok: true,
    profile: {
      first_name: given.first_name.trim(),
      last_name: given.last_name.trim(),
      email: given.email.trim().toLowerCase(),
      phone: given.phone.trim(),
      gender: profileGenders.find((g) => g.toLowerCase() === gender) ?? profileGenders[0],
      weight: given.weight,
      height_inch: given.height_inch,
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
    "Saves the caller's profile. Every rule of spec 002 section 5 is in the schema (both names filled in, a simple email, 10 digits, Male or Female, weight 1 to 999, height 1 to 107 inches, categories from the list): anything else is a 400 with the rule's message, nothing changed. An email another account has is a 409. A new email or phone is published as patient-contact-changed.",
  body: updateProfileRequestSchema,
  response: z.object({ status: z.literal('success'), message: z.string() }),
});
