import { z } from 'zod';
import { baseConfigSchema, PrincipalSigner, runServiceProcess } from '@clinic/kit';
import { HttpIdentityDirectory } from '@clinic/identity-client';
import { formsService } from './app';
import { formsConfigFields, formsDepsFromConfig } from './config';

const formsConfigSchema = baseConfigSchema.extend({
  IDENTITY_URL: z.url(),
  ...formsConfigFields,
});

void runServiceProcess(
  formsService,
  (config) => ({
    identity: new HttpIdentityDirectory(
      config.IDENTITY_URL,
      new PrincipalSigner(config.INTERNAL_SECRET),
    ),
    ...formsDepsFromConfig(config),
    publicUrl: (config.PUBLIC_URL ?? 'http://localhost:3000').replace(/\/+$/, ''),
  }),
  formsConfigSchema,
).catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
