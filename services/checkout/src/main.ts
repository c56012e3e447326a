import { z } from 'zod';
import { baseConfigSchema, PrincipalSigner, runServiceProcess } from '@clinic/kit';
import { HttpIdentityDirectory } from '@clinic/identity-client';
import { checkoutService } from './app';
import { checkoutConfigFields, checkoutDepsFromConfig } from './config';

const checkoutConfigSchema = baseConfigSchema.extend({
  IDENTITY_URL: z.url(),
  ...checkoutConfigFields,
});

void runServiceProcess(
  checkoutService,
  (config) => ({
    identity: new HttpIdentityDirectory(
      config.IDENTITY_URL,
      new PrincipalSigner(config.INTERNAL_SECRET),
    ),
    ...checkoutDepsFromConfig(config),
  }),
  checkoutConfigSchema,
).catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
