/**
 * remember-patient: keeps the name, email, phone and state identity has for a patient with a
 * shipment, so the pharmacy's lists name them without a call per row. Queued with the
 * shipment's transaction; it asks identity when it runs, outside any transaction. Running it
 * again only refreshes the row.
 */
import type { IdentityDirectory } from '@clinic/identity-client';
import { defineJob, type ServiceRuntime } from '@clinic/kit';
import { patients } from '../db/schema';
import { rememberPatient } from './definitions/remember-patient';

export function rememberPatientJob(runtime: ServiceRuntime, identity: IdentityDirectory) {
  return defineJob({
    ...rememberPatient,
    async handle({ userId }) {
      const contact = await identity.patientContact(userId);
      if (!contact) return;
      const row = {
        name: `${contact.first_name} ${contact.last_name}`.trim(),
        email: contact.email,
        phone: contact.phone || null,
        state: contact.state || null,
        updatedAt: runtime.clock.now(),
      };
      await runtime.db
        .insert(patients)
        .values({ userId, ...row })
        .onConflictDoUpdate({ target: patients.userId, set: row });
    },
  });
}
