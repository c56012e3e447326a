import { z } from 'zod';
import { baseConfigSchema, PrincipalSigner, runServiceProcess } from '@clinic/kit';
import { HttpIdentityDirectory } from '@clinic/identity-client';
import { intakeService } from './app';
import { intakeConfigFields, intakeDepsFromConfig } from './config';
import { HttpOpenWork } from './domain/open-work';

const intakeConfigSchema = baseConfigSchema.extend({
  IDENTITY_URL: z.url(),
  CHECKOUT_URL: z.url(),
  FORMS_URL: z.url(),
  ...intakeConfigFields,
});

void runServiceProcess(
  intakeService,
  (config) => {
    const signer = new PrincipalSigner(config.INTERNAL_SECRET);
    return {
      ...intakeDepsFromConfig(config),
      identity: new HttpIdentityDirectory(config.IDENTITY_URL, signer),
      openWork: new HttpOpenWork(
        { checkout: config.CHECKOUT_URL, forms: config.FORMS_URL },
        signer,
      ),
    };
  },
  intakeConfigSchema,
).catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
