import { resolve } from 'node:path';
import { z } from 'zod';
import { baseConfigSchema } from '@clinic/kit';
import { chatConfigFields } from '@clinic/chat';
import { checkoutConfigFields } from '@clinic/checkout';
import { formsConfigFields } from '@clinic/forms';
import { verificationConfigFields } from '@clinic/verification';

export const defaultWebDistDir = resolve(__dirname, '..', '..', '..', 'web', 'dist');

export const gatewayConfigSchema = baseConfigSchema.extend({
  WEB_DIST_DIR: z.string().default(defaultWebDistDir),
  // Single-node mode runs checkout in-process, so the gateway reads its settings too.
  ...checkoutConfigFields,
  ...verificationConfigFields,
  ...formsConfigFields,
  ...chatConfigFields,
});
export type GatewayConfig = z.infer<typeof gatewayConfigSchema>;

/** Cluster mode: where each service listens. */
export const clusterConfigSchema = gatewayConfigSchema.extend({
  INTERNAL_SECRET: z.string().min(32, 'must be at least 32 characters'),
  IDENTITY_URL: z.url(),
  CHECKOUT_URL: z.url(),
  INTAKE_URL: z.url(),
  VERIFICATION_URL: z.url(),
  FORMS_URL: z.url(),
  CHAT_URL: z.url(),
  CLINIC_URL: z.url(),
  FULFILLMENT_URL: z.url(),
});
