import { z } from 'zod';
import { baseConfigSchema, PrincipalSigner, runServiceProcess } from '@clinic/kit';
import { HttpIdentityDirectory } from '@clinic/identity-client';
import { verificationService } from './app';
import { verificationConfigFields, verificationDepsFromConfig } from './config';

const verificationConfigSchema = baseConfigSchema.extend({
  IDENTITY_URL: z.url(),
  ...verificationConfigFields,
});

void runServiceProcess(
  verificationService,
  (config) => ({
    identity: new HttpIdentityDirectory(
      config.IDENTITY_URL,
      new PrincipalSigner(config.INTERNAL_SECRET),
    ),
    ...verificationDepsFromConfig(config),
  }),
  verificationConfigSchema,
).catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
