import { z } from 'zod';
import { baseConfigSchema, PrincipalSigner, runServiceProcess } from '@clinic/kit';
import { HttpIdentityDirectory } from '@clinic/identity-client';
import { intakeService } from './app';
import { intakeConfigFields, intakeDepsFromConfig } from './config';

const intakeConfigSchema = baseConfigSchema.extend({
  IDENTITY_URL: z.url(),
  ...intakeConfigFields,
});

void runServiceProcess(
  intakeService,
  (config) => ({
    ...intakeDepsFromConfig(config),
    identity: new HttpIdentityDirectory(
      config.IDENTITY_URL,
      new PrincipalSigner(config.INTERNAL_SECRET),
    ),
  }),
  intakeConfigSchema,
).catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
