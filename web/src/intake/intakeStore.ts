/**
 * The quiz in progress, kept in sessionStorage so a reload (or a detour to a legal page) does not
 * lose it, and so the report and plan pages can read the answers after the submit. Session, not
 * local, storage: the answers include health data and must not outlive the tab.
 */
import { intakeStepCount } from '@clinic/contracts';
import { emptyDraft, type IntakeDraft } from './draft';
import { browserKeys } from '../session/browserStorage';

export const INTAKE_KEY = browserKeys.intake;

/** What is stored under `INTAKE_KEY`. */
export interface StoredIntake {
  step: number;
  draft: IntakeDraft;
}

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

const text = (value: unknown, fallback: string) => (typeof value === 'string' ? value : fallback);
const flag = (value: unknown) => value === true;

/** Field by field, so a value of the wrong type (older build, hand edits) falls back to blank. */
function draftOf(value: unknown): IntakeDraft {
  const v = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  const phone = (typeof v.phone === 'object' && v.phone !== null ? v.phone : {}) as Record<
    string,
    unknown
  >;
  const d = emptyDraft;
  return {
    agreedToTerms: flag(v.agreedToTerms),
    state: text(v.state, d.state),
    firstName: text(v.firstName, d.firstName),
    lastName: text(v.lastName, d.lastName),
    gender: text(v.gender, d.gender),
    phone: {
      areaCode: text(phone.areaCode, ''),
      prefix: text(phone.prefix, ''),
      line: text(phone.line, ''),
    },
    email: text(v.email, d.email),
    emailConsent: flag(v.emailConsent),
    feet: text(v.feet, d.feet),
    inches: text(v.inches, d.inches),
    weight: text(v.weight, d.weight),
    dobMonth: text(v.dobMonth, d.dobMonth),
    dobDay: text(v.dobDay, d.dobDay),
    dobYear: text(v.dobYear, d.dobYear),
    desiredWeight: text(v.desiredWeight, d.desiredWeight),
  };
}

export function readIntake(): StoredIntake | null {
  try {
    const raw = storage()?.getItem(INTAKE_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<StoredIntake> | null;
    const step =
      typeof value?.step === 'number' && Number.isInteger(value.step)
        ? Math.min(Math.max(value.step, 1), intakeStepCount)
        : 1;
    return { step, draft: draftOf(value?.draft) };
  } catch {
    return null;
  }
}

export function writeIntake(intake: StoredIntake): void {
  try {
    storage()?.setItem(INTAKE_KEY, JSON.stringify(intake));
  } catch {
    // storage denied: the quiz still works, a reload starts over
  }
}
