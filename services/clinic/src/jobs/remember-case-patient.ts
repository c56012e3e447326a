/**
 * remember-case-patient: writes the patient's name and state on a new case, for the queue to
 * show without asking identity for every row. Queued by the payment subscriber with its
 * transaction; it asks identity outside any transaction (identity may share the embedded
 * database, which runs one transaction at a time). Idempotent: it only overwrites the two
 * fields with identity's current answer; a state the assessment already gave is kept.
 */
import { eq } from 'drizzle-orm';
import type { IdentityDirectory } from '@clinic/identity-client';
import { defineJob, type ServiceRuntime } from '@clinic/kit';
import { cases } from '../db/schema';
import { rememberCasePatient } from './definitions/remember-case-patient';

export function rememberCasePatientJob(runtime: ServiceRuntime, identity: IdentityDirectory) {
  return defineJob({
    ...rememberCasePatient,
    async handle({ orderId, userId }) {
      const contact = await identity.patientContact(userId);
      if (!contact) return;
      const [row] = await runtime.db
        .select({ state: cases.state })
        .from(cases)
        .where(eq(cases.orderId, orderId));
      if (!row) return;
      await runtime.db
        .update(cases)
        .set({
          patientName: `${contact.first_name} ${contact.last_name}`.trim(),
          state: row.state || contact.state,
        })
        .where(eq(cases.orderId, orderId));
    },
  });
}
