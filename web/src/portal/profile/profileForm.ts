/**
 * The Profile tab's form values (spec 002 section 5): the phone in parts of 3, 3 and 4 digits,
 * the height in feet (0 to 8) and inches (0 to 11, 12 or more becomes 11), and the conversions
 * between the form and the profile the server keeps.
 */
import { profileLimits, type Profile, type ProfileCategory } from '@clinic/contracts';
import type { ProfileUpdate } from './profileApi';

export interface ProfileFormValues {
  first_name: string;
  last_name: string;
  email: string;
  phone: [string, string, string];
  text_updates: boolean;
  gender: string;
  feet: string;
  inches: string;
  weight: string;
  preferred_categories: ProfileCategory[];
}

export const phonePartLengths = [3, 3, 4] as const;

/** Only the digits, at most `max` of them. */
export function digitsOnly(value: string, max: number): string {
  return value.replace(/\D/g, '').slice(0, max);
}

/** Feet as typed: digits only, 9 or more becomes 8. */
export function clampFeet(value: string): string {
  const digits = digitsOnly(value, 2);
  if (digits === '') return '';
  return String(Math.min(Number(digits), profileLimits.feetMax));
}

/** Inches as typed: digits only, 12 or more becomes 11 (spec 002 section 5). */
export function clampInches(value: string): string {
  const digits = digitsOnly(value, 3);
  if (digits === '') return '';
  return String(Math.min(Number(digits), profileLimits.inchesMax));
}

/** A weight as typed: digits and one decimal point, at most 3 whole digits. */
export function cleanWeight(value: string): string {
  const [whole = '', ...rest] = value.replace(/[^\d.]/g, '').split('.');
  const head = whole.slice(0, 3);
  return rest.length > 0 ? `${head}.${rest.join('').slice(0, 1)}` : head;
}

export function splitPhone(phone: string): [string, string, string] {
  const digits = digitsOnly(phone, 10);
  return [digits.slice(0, 3), digits.slice(3, 6), digits.slice(6, 10)];
}

export function formValuesOf(profile: Profile): ProfileFormValues {
  const height = profile.height_inch ?? 0;
  const feet = Math.floor(height / 12);
  const inches = Math.min(Math.round(height - feet * 12), profileLimits.inchesMax);
  return {
    first_name: profile.first_name,
    last_name: profile.last_name,
    email: profile.email,
    phone: splitPhone(profile.phone),
    text_updates: profile.text_updates,
    gender: profile.gender ?? '',
    feet: profile.height_inch === null ? '' : String(feet),
    inches: profile.height_inch === null ? '' : String(inches),
    weight: profile.weight === null ? '' : String(profile.weight),
    preferred_categories: profile.preferred_categories,
  };
}

/** The height in inches of the feet and inches typed (blank counts as 0). */
export function heightInches(feet: string, inches: string): number {
  return Number(feet || 0) * 12 + Number(inches || 0);
}

export function profileUpdateOf(values: ProfileFormValues): ProfileUpdate {
  return {
    first_name: values.first_name,
    last_name: values.last_name,
    email: values.email,
    phone: values.phone.join(''),
    gender: values.gender,
    weight: values.weight,
    height_inch: heightInches(values.feet, values.inches),
    text_updates: values.text_updates,
    preferred_categories: values.preferred_categories,
  };
}
