import type { PatientContact } from '@clinic/contracts';

export interface PatientEmail {
  subject: string;
  body: string;
}

/** An email to the patient, addressed by their first name and signed by the clinic. */
export function patientEmail(contact: PatientContact, email: PatientEmail) {
  return {
    channel: 'email' as const,
    to: contact.email,
    subject: email.subject,
    body: `Hi ${contact.first_name || 'there'},\n\n${email.body}\n\nYour care team`,
  };
}
