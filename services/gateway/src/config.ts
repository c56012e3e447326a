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

/** Cluster mode: where each service listens (`<NAME>_URL` for each of contracts' services). */
const serviceUrlFields = Object.fromEntries(
  backendServices.map((service) => [serviceUrlVariable(service), z.url()]),
) as Record<ServiceUrlVariable, z.ZodURL>;

export const clusterConfigSchema = gatewayConfigSchema.extend({
  INTERNAL_SECRET: z.string().min(32, 'must be at least 32 characters'),
  ...serviceUrlFields,
});
export type ClusterConfig = z.infer<typeof clusterConfigSchema>;

/** Each service's address, from its `<NAME>_URL`. */
export function serviceUrls(config: ClusterConfig): Record<BackendService, string> {
  return Object.fromEntries(
    backendServices.map((service) => [service, config[serviceUrlVariable(service)]]),
  ) as Record<BackendService, string>;
}
