import type { AddressValidator } from './address-validator';
import { Pub28AddressValidator } from './pub28-address-validator';
import { SmartyAddressValidator } from './smarty-address-validator';

export interface AddressValidatorConfig {
  smartyAuthId?: string;
  smartyAuthToken?: string;
  smartyBaseUrl?: string;
}

/** Smarty when both of its credentials are configured, the embedded validator otherwise (D2). */
export function addressValidatorFromConfig(config: AddressValidatorConfig): AddressValidator {
  const { smartyAuthId, smartyAuthToken, smartyBaseUrl } = config;
  if (smartyAuthId && smartyAuthToken) {
    return new SmartyAddressValidator({
      authId: smartyAuthId,
      authToken: smartyAuthToken,
      baseUrl: smartyBaseUrl,
    });
  }
  return new Pub28AddressValidator();
}
