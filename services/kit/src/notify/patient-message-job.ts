/**
 * notify.patient-message: the one job every service queues to tell a patient something. It reads
 * the patient's contact when it runs (outside the caller's transaction: identity may share the
 * embedded database's one connection) and sends a text when the message has one, the patient
 * agreed to texts ("Text me updates") and has a number a text can reach, and the email when there
 * is no text for them or the message asks for both (alsoEmail).
 * A patient identity does not know (a deleted or staff account) gets nothing. The send is queued
 * with a job id derived from this job's, so a retried job never sends twice.
 */
import { z } from 'zod';
import type { PatientContact } from '@clinic/contracts';
import { defineJob, jobType } from '../jobs/queue';
import { SMS_NUMBER } from './message';
import type { Notifier } from './notifier';
import { patientEmail, patientText, signatures, type Signature } from './patient-letter';

export const patientMessageSchema = z.object({
  userId: z.number().int(),
  subject: z.string().min(1).max(300),
  body: z.string().min(1).max(20_000),
  signedBy: z.enum(Object.keys(signatures) as [Signature, ...Signature[]]).optional(),
  /**
   * The text sent instead of the email to a patient who agreed to texts, without the clinic's
   * name and the opt-out line (added here). Plain facts and a link: no health details.
   */
  text: z.string().min(1).max(300).optional(),
  /**
   * The email goes to a patient who gets the text too: it holds what a text should not carry
   * (tracking and storage, a deadline's terms, the check-in's questions). Without it the text
   * replaces the email.
   */
  alsoEmail: z.boolean().optional(),
});
export type PatientMessage = z.input<typeof patientMessageSchema>;
/** What a service writes to a patient: the message without whom it goes to. */
export type PatientMessageText = Omit<PatientMessage, 'userId'>;

export const patientMessage = jobType({
  name: 'notify.patient-message',
  schema: patientMessageSchema,
  // The per-service jobs this one replaced took the same email payload; one queued before a
  // deploy runs here after it.
  formerNames: ['email-patient', 'fulfillment-email-patient'],
  attempts: 5,
  backoffMs: 10_000,
});

export interface PatientMessageDeps {
  notifier: Notifier;
  /** The patient's contact and "Text me updates" choice; null for an unknown or staff id. */
  contactOf(userId: number): Promise<PatientContact | null>;
}

/** Where a text to this patient goes, or null when they get email. */
export function textNumber(contact: PatientContact): string | null {
  return contact.text_updates && SMS_NUMBER.test(contact.phone) ? contact.phone : null;
}

export function patientMessageJob(deps: PatientMessageDeps) {
  return defineJob({
    ...patientMessage,
    async handle(message, { jobId }) {
      const contact = await deps.contactOf(message.userId);
      if (!contact) return;
      const number = message.text === undefined ? null : textNumber(contact);
      if (number !== null && message.text !== undefined) {
        await deps.notifier.send(patientText(number, message.text), { jobId: `sent-${jobId}` });
        if (!message.alsoEmail) return;
        await deps.notifier.send(patientEmail(contact, message), {
          jobId: `sent-${jobId}.email`,
        });
        return;
      }
      await deps.notifier.send(patientEmail(contact, message), { jobId: `sent-${jobId}` });
    },
  });
}
