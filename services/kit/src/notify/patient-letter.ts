/**
 * How the clinic writes to a patient, once: an email greets them by first name ("Hello," without
 * one) and is signed by who writes; a text starts with the clinic's name, so the patient knows
 * who it is from, and ends with the opt-out line US carriers require of every program message.
 */
import type { PatientContact } from '@clinic/contracts';
import type { OutgoingMessage } from './message';

/** The name every text starts with and HELP answers with. */
export const clinicName = 'GLP Clinic';

/** Who signs a patient email: the care team (clinical steps) or the clinic (billing, receipts). */
export const signatures = { 'care-team': 'Your care team', clinic: clinicName } as const;
export type Signature = keyof typeof signatures;

export const optOutLine = 'Reply STOP to opt out.';

export interface PatientEmailText {
  subject: string;
  /** The paragraphs between the greeting and the signature. */
  body: string;
  signedBy?: Signature;
}

/** "Hi Ada," or "Hello," for a patient whose first name we do not have. */
export function greeting(firstName: string): string {
  const name = firstName.trim();
  return name ? `Hi ${name},` : 'Hello,';
}

export function patientEmail(
  contact: Pick<PatientContact, 'email' | 'first_name'>,
  email: PatientEmailText,
): OutgoingMessage {
  return {
    channel: 'email',
    to: contact.email,
    subject: email.subject,
    body: `${greeting(contact.first_name)}\n\n${email.body}\n\n${signatures[email.signedBy ?? 'care-team']}`,
  };
}

/** A program text: "GLP Clinic: <what happened> Reply STOP to opt out." */
export function patientText(to: string, text: string): OutgoingMessage {
  return { channel: 'sms', to, body: `${clinicName}: ${text} ${optOutLine}` };
}
