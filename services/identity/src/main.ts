import { z } from 'zod';
import { baseConfigSchema, runServiceProcess } from '@clinic/kit';
import { identityService } from './app';

const identityConfigSchema = baseConfigSchema.extend({
  /**
   * Demo data is a single-node affair; a cluster's tests (and an operator trying the console on
   * a fresh cluster) may ask for the demo staff accounts. Never in production.
   */
  SEED_DEMO_ACCOUNTS: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
});

void runServiceProcess(
  identityService,
  (config) => ({
    // start:cluster sets PUBLIC_URL to the gateway's address; a lone process assumes the default.
    publicUrl: config.PUBLIC_URL ?? 'http://localhost:3000',
    seedDemoAccounts: config.SEED_DEMO_ACCOUNTS && config.NODE_ENV !== 'production',
    smsAuthToken: config.TWILIO_AUTH_TOKEN,
  }),
  identityConfigSchema,
).catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
