import type { PatientContact } from '@clinic/contracts';

export interface PatientEmail {
  subject: string;
  body: string;
}

/**
 * An email to the patient as every service writes one: addressed by their first name ("there"
 * without one) and signed by the care team.
 */
export function patientEmail(contact: PatientContact, email: PatientEmail) {
  return {
    channel: 'email' as const,
    to: contact.email,
    subject: email.subject,
    body: `Hi ${contact.first_name || 'there'},\n\n${email.body}\n\nYour care team`,
  };
}
