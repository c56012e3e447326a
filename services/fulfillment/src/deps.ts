import type { FormsRecords } from '@clinic/forms-client';
import type { IdentityDirectory } from '@clinic/identity-client';

/** What fulfilment is given by whoever runs it (the gateway in single-node mode, main.ts in a cluster). */
export interface FulfillmentDeps {
  /** Patients' names and email addresses, for the pharmacy's labels and the patient's emails. */
  identity: IdentityDirectory;
  /** Checks a reship photo the patient uploaded through forms, and signs reads of it. */
  forms: FormsRecords;
  /** Where the patient's emails link to (the web app's origin). */
  publicUrl: string;
}
