import type { FormsRecords } from '@clinic/forms-client';
import type { IdentityDirectory } from '@clinic/identity-client';

/** What the clinic is given by whoever runs it (the gateway in single-node mode, main.ts in a cluster). */
export interface ClinicDeps {
  /** Patients' contact details and staff members' names. */
  identity: IdentityDirectory;
  /** An order's assessment in words and signed reads of its files. */
  forms: FormsRecords;
  /** Where the patient's emails link to (the web app's origin). */
  publicUrl: string;
}
