/**
 * The quiz's answers as the form holds them: text exactly as typed, so a half-typed number is not
 * lost or "corrected" while the visitor is still typing. `toAnswers` turns them into the numbers
 * the contracts' rules check.
 */
import type { IntakeAnswers, PhoneParts } from '@clinic/contracts';

export interface IntakeDraft {
  agreedToTerms: boolean;
  state: string;
  firstName: string;
  lastName: string;
  gender: string;
  phone: PhoneParts;
  email: string;
  emailConsent: boolean;
  feet: string;
  inches: string;
  weight: string;
  dobMonth: string;
  dobDay: string;
  dobYear: string;
  desiredWeight: string;
}

export const emptyDraft: IntakeDraft = {
  agreedToTerms: false,
  state: '',
  firstName: '',
  lastName: '',
  gender: '',
  phone: { areaCode: '', prefix: '', line: '' },
  email: '',
  emailConsent: false,
  feet: '',
  inches: '',
  weight: '',
  dobMonth: '',
  dobDay: '',
  dobYear: '',
  desiredWeight: '',
};

/** A blank box is "no answer" (NaN), never 0. */
export function numberOf(text: string): number {
  return text.trim() === '' ? Number.NaN : Number(text);
}

function partOf(text: string): number | null {
  return text.trim() === '' ? null : Number(text);
}

export function toAnswers(draft: IntakeDraft): IntakeAnswers {
  return {
    agreedToTerms: draft.agreedToTerms,
    state: draft.state,
    firstName: draft.firstName,
    lastName: draft.lastName,
    gender: draft.gender,
    phone: draft.phone,
    email: draft.email,
    emailConsent: draft.emailConsent,
    feet: numberOf(draft.feet),
    inches: numberOf(draft.inches),
    weight: numberOf(draft.weight),
    dob: { mm: partOf(draft.dobMonth), dd: partOf(draft.dobDay), yyyy: partOf(draft.dobYear) },
    desiredWeight: numberOf(draft.desiredWeight),
  };
}
