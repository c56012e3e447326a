import { resolve } from 'node:path';
import { z } from 'zod';
import {
  backendServices,
  serviceUrlVariable,
  type BackendService,
  type ServiceUrlVariable,
} from '@clinic/contracts';
import { baseConfigSchema } from '@clinic/kit';
import { chatConfigFields } from '@clinic/chat';
import { checkoutConfigFields } from '@clinic/checkout';
import { formsConfigFields } from '@clinic/forms';
import { intakeConfigFields } from '@clinic/intake';
import { verificationConfigFields } from '@clinic/verification';

export const defaultWebDistDir = resolve(__dirname, '..', '..', '..', 'web', 'dist');

export const gatewayConfigSchema = baseConfigSchema.extend({
  WEB_DIST_DIR: z.string().default(defaultWebDistDir),
  /**
   * The interface to listen on. Unset, `npm start` listens on loopback only: one clinic on one
   * machine, with demo passwords and the dev mailbox, is not for the LAN unless the operator says
   * so (`HOST=0.0.0.0`). The cluster gateway listens on every interface unless it is set.
   */
  HOST: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.string().trim().min(1).max(255).optional(),
  ),
  // Single-node mode runs checkout in-process, so the gateway reads its settings too.
  ...checkoutConfigFields,
  ...intakeConfigFields,
  ...verificationConfigFields,
  ...formsConfigFields,
  ...chatConfigFields,
});
export type GatewayConfig = z.infer<typeof gatewayConfigSchema>;

/**
 * Cluster mode: where each service listens (`<NAME>_URL` for each of contracts' services), one
 * address or several separated by commas: the instances the gateway balances over.
 */
const instanceUrls = z
  .string()
  .transform((v) =>
    v
      .split(',')
      .map((url) => url.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.url()).min(1, 'needs at least one address'));
const serviceUrlFields = Object.fromEntries(
  backendServices.map((service) => [serviceUrlVariable(service), instanceUrls]),
) as Record<ServiceUrlVariable, typeof instanceUrls>;

export const clusterConfigSchema = gatewayConfigSchema.extend({
  INTERNAL_SECRET: z.string().min(32, 'must be at least 32 characters'),
  /** How often the gateway checks each instance of a service that has several. */
  UPSTREAM_CHECK_MS: z.coerce.number().int().min(100).max(60000).default(1000),
  ...serviceUrlFields,
});
export type ClusterConfig = z.infer<typeof clusterConfigSchema>;

/** Each service's instances, from its `<NAME>_URL`. */
export function serviceUrls(config: ClusterConfig): Record<BackendService, string[]> {
  return Object.fromEntries(
    backendServices.map((service) => [service, config[serviceUrlVariable(service)]]),
  ) as Record<BackendService, string[]>;
}
