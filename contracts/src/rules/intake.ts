/**
 * The intake quiz's rules (spec 000 sections 4, 5 and 9), shared by the browser, which checks each
 * step as the visitor answers it, and the intake service, which checks the whole submission again.
 */
import { stateCodes } from '../constants/states';

/** Spec 000 section 5, "Intake": every validation message, verbatim. */
export const intakeMessages = {
  terms: 'Please agree to the terms and conditions',
  state: 'Please select your state',
  name: 'Please enter your full name',
  gender: 'Please select your gender',
  phone: 'Please enter a complete, valid phone number',
  email: 'Please enter a valid email address',
  emailConsent: 'Please agree to receive email communications',
  height: 'Please enter a valid height',
  weight: 'Please enter a valid weight',
  dobIncomplete: 'Please enter a complete date of birth',
  dobInvalid: 'Please enter a valid date of birth',
  desiredWeight: 'Please enter a valid desired weight',
  desiredBelowCurrent: 'Desired weight should be less than current weight',
  submitError: 'There was an error submitting your form. Please try again.',
} as const;

export const intakeLimits = {
  feet: { min: 4, max: 8 },
  inches: { min: 0, max: 11 },
  weight: { min: 80, max: 700 },
  firstYear: 1924,
  /** Spec 000 section 9: a birth year after this one is under 18. */
  lastAdultBirthYear: 2006,
  minimumAge: 18,
  /** BMI minimums: current GLP-1 users and new users. */
  bmiForCurrentUsers: 20,
  bmiForNewUsers: 25,
  /** Longest name part we keep; a person's name is never longer. */
  nameMaxLength: 50,
  emailMaxLength: 256,
} as const;

export const genders = ['Male', 'Female'] as const;
export type Gender = (typeof genders)[number];

/** The "simple pattern" of spec 000 section 5: something@something.something, no spaces. */
export const simpleEmailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Latin letters with their accents (the script pharmacy labels and carriers print), then spaces,
 * apostrophes, hyphens and periods: no markup, no digits. Written without Unicode property
 * escapes so the published schema's pattern means the same in every client's regex engine.
 */
const nameLetters = 'A-Za-z\\u00c0-\\u00d6\\u00d8-\\u00f6\\u00f8-\\u024f\\u1e00-\\u1eff';
export const namePattern = new RegExp(
  // eslint-disable-next-line no-misleading-character-class -- combining accents follow a letter
  `^\\s*[${nameLetters}][${nameLetters}\\u0300-\\u036f\\u2019' .-]*$`,
);

export function isValidName(value: string): boolean {
  const trimmed = value.trim();
  return (
    trimmed.length > 0 && trimmed.length <= intakeLimits.nameMaxLength && namePattern.test(trimmed)
  );
}

export function isValidEmail(value: string): boolean {
  return value.length <= intakeLimits.emailMaxLength && simpleEmailPattern.test(value);
}

export const phonePartLengths = { areaCode: 3, prefix: 3, line: 4 } as const;
export interface PhoneParts {
  areaCode: string;
  prefix: string;
  line: string;
}

export function isCompletePhone(parts: PhoneParts): boolean {
  return (
    /^\d{3}$/.test(parts.areaCode) && /^\d{3}$/.test(parts.prefix) && /^\d{4}$/.test(parts.line)
  );
}

/** A pasted number: the last ten digits of whatever was pasted ("+1 (555) 123-4567" included). */
export function splitPastedPhone(text: string): PhoneParts | null {
  const digits = text.replace(/\D/g, '');
  const ten = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  if (ten.length !== 10) return null;
  return { areaCode: ten.slice(0, 3), prefix: ten.slice(3, 6), line: ten.slice(6) };
}

export function isValidHeight(feet: number, inches: number): boolean {
  return (
    Number.isInteger(feet) &&
    Number.isInteger(inches) &&
    feet >= intakeLimits.feet.min &&
    feet <= intakeLimits.feet.max &&
    inches >= intakeLimits.inches.min &&
    inches <= intakeLimits.inches.max
  );
}

export function isValidWeight(lbs: number): boolean {
  return Number.isFinite(lbs) && lbs >= intakeLimits.weight.min && lbs <= intakeLimits.weight.max;
}

export function heightInInches(feet: number, inches: number): number {
  return feet * 12 + inches;
}

/** Spec 000 section 5: weight (lbs) x 703 / height (in) squared, rounded to one decimal. */
export function bmiOf(weightLbs: number, totalInches: number): number {
  return Math.round(((weightLbs * 703) / (totalInches * totalInches)) * 10) / 10;
}

export interface DateParts {
  mm: number;
  dd: number;
  yyyy: number;
}

/**
 * The date-of-birth rules: all three parts present, a real calendar date (no 31 February), not in
 * the future, year 1924 to the current year. `today` is the visitor's calendar date.
 */
export function dateOfBirthProblem(
  parts: { mm?: number | null; dd?: number | null; yyyy?: number | null },
  today: Date,
): string | null {
  const { mm, dd, yyyy } = parts;
  const missing = (v: number | null | undefined) => v === null || v === undefined;
  if (
    missing(mm) ||
    missing(dd) ||
    missing(yyyy) ||
    Number.isNaN(mm) ||
    Number.isNaN(dd) ||
    Number.isNaN(yyyy)
  )
    return intakeMessages.dobIncomplete;
  if (![mm, dd, yyyy].every(Number.isInteger)) return intakeMessages.dobInvalid;
  const currentYear = today.getUTCFullYear();
  if (yyyy < intakeLimits.firstYear || yyyy > currentYear) return intakeMessages.dobInvalid;
  if (mm < 1 || mm > 12 || dd < 1) return intakeMessages.dobInvalid;
  const date = new Date(Date.UTC(yyyy, mm - 1, dd));
  if (date.getUTCMonth() !== mm - 1 || date.getUTCDate() !== dd) return intakeMessages.dobInvalid;
  const todayUtc = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  if (date.getTime() > todayUtc) return intakeMessages.dobInvalid;
  return null;
}

/** MM/DD/YYYY, the stored form of a date of birth. */
export function formatDob({ mm, dd, yyyy }: DateParts): string {
  return `${String(mm).padStart(2, '0')}/${String(dd).padStart(2, '0')}/${String(yyyy)}`;
}

/** Whole years between the date of birth and `today`. */
export function ageOn({ mm, dd, yyyy }: DateParts, today: Date): number {
  let age = today.getUTCFullYear() - yyyy;
  const beforeBirthday =
    today.getUTCMonth() + 1 < mm || (today.getUTCMonth() + 1 === mm && today.getUTCDate() < dd);
  if (beforeBirthday) age -= 1;
  return age;
}

export function desiredWeightProblem(desired: number, current: number): string | null {
  if (!isValidWeight(desired)) return intakeMessages.desiredWeight;
  if (desired >= current) return intakeMessages.desiredBelowCurrent;
  return null;
}

/** The answers of the nine steps, as the quiz holds them. */
export interface IntakeAnswers {
  agreedToTerms: boolean;
  state: string;
  firstName: string;
  lastName: string;
  gender: string;
  phone: PhoneParts;
  email: string;
  emailConsent: boolean;
  feet: number;
  inches: number;
  weight: number;
  dob: { mm?: number | null; dd?: number | null; yyyy?: number | null };
  desiredWeight: number;
}

export const intakeStepCount = 9;

/**
 * The first problem with the answer of one step (1 to 9; 8 is the date of birth), as the spec's
 * table words it, or null when the step may advance.
 */
export function intakeStepProblem(step: number, a: IntakeAnswers, today: Date): string | null {
  switch (step) {
    case 1:
      return a.agreedToTerms ? null : intakeMessages.terms;
    case 2:
      return stateCodes.includes(a.state) ? null : intakeMessages.state;
    case 3:
      return isValidName(a.firstName) && isValidName(a.lastName) ? null : intakeMessages.name;
    case 4:
      return (genders as readonly string[]).includes(a.gender) ? null : intakeMessages.gender;
    case 5:
      return isCompletePhone(a.phone) ? null : intakeMessages.phone;
    case 6:
      if (!isValidEmail(a.email.trim())) return intakeMessages.email;
      return a.emailConsent ? null : intakeMessages.emailConsent;
    case 7:
      if (!isValidHeight(a.feet, a.inches)) return intakeMessages.height;
      return isValidWeight(a.weight) ? null : intakeMessages.weight;
    case 8:
      return dateOfBirthProblem(a.dob, today);
    case 9:
      return desiredWeightProblem(a.desiredWeight, a.weight);
    default:
      return null;
  }
}

/** The first problem across all nine steps, with its step, or null. */
export function intakeProblem(
  a: IntakeAnswers,
  today: Date,
): { step: number; message: string } | null {
  for (let step = 1; step <= intakeStepCount; step += 1) {
    const message = intakeStepProblem(step, a, today);
    if (message) return { step, message };
  }
  return null;
}
