import { patientMessageJob, type ServiceRuntime } from '@clinic/kit';
import type { IdentityDirectory } from './identity-directory';

/** The kit's patient-message job of a service, reading contacts and consent from identity. */
export function patientMessageJobOf(runtime: ServiceRuntime, identity: IdentityDirectory) {
  return patientMessageJob({
    notifier: runtime.notifier,
    contactOf: (userId) => identity.patientContact(userId),
  });
}
