/**
 * Verification's configuration, read the same way by its own process (cluster mode) and by the
 * gateway that runs it in-process (single-node mode). With both Smarty credentials addresses are
 * checked by Smarty's US Street API; without, by the embedded USPS Publication 28 validator.
 */
import { z } from 'zod';
import { addressValidatorFromConfig } from './address/address-validator-from-config';
import type { VerificationDeps } from './deps';

export const verificationConfigFields = {
  SMARTY_AUTH_ID: z.string().min(1).optional(),
  SMARTY_AUTH_TOKEN: z.string().min(1).optional(),
  /** Another base URL for Smarty's API (a test double or a regional endpoint). */
  SMARTY_API_BASE: z.url().optional(),
};

export type VerificationConfig = z.infer<z.ZodObject<typeof verificationConfigFields>>;

export function verificationDepsFromConfig(
  config: VerificationConfig,
): Omit<VerificationDeps, 'identity'> {
  return {
    addressValidator: addressValidatorFromConfig({
      smartyAuthId: config.SMARTY_AUTH_ID,
      smartyAuthToken: config.SMARTY_AUTH_TOKEN,
      smartyBaseUrl: config.SMARTY_API_BASE,
    }),
  };
}
