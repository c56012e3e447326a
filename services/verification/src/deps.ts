import type { IdentityDirectory } from '@clinic/identity-client';
import type { AddressValidator } from './address/address-validator';

/** What verification is given by whoever runs it (the gateway in single-node mode, main.ts in a cluster). */
export interface VerificationDeps {
  /** Reads the patient's phone and email and applies changes to them. */
  identity: IdentityDirectory;
  /** The address validator; the embedded USPS Publication 28 one when not given. */
  addressValidator?: AddressValidator;
}
