import type { PatientContact } from '@clinic/contracts';

/** A patient as staff lists name them: first and last name, else their number. */
export function patientName(userId: number, contact: PatientContact | null): string {
  const name = contact ? `${contact.first_name} ${contact.last_name}`.trim() : '';
  return name || `Patient #${userId}`;
}
