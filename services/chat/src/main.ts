import { z } from 'zod';
import { baseConfigSchema, PrincipalSigner, runServiceProcess } from '@clinic/kit';
import { HttpFormsRecords } from '@clinic/forms-client';
import { HttpIdentityDirectory } from '@clinic/identity-client';
import { chatService } from './app';
import { chatConfigFields, chatDepsFromConfig } from './config';

const chatConfigSchema = baseConfigSchema.extend({
  IDENTITY_URL: z.url(),
  FORMS_URL: z.url(),
  ...chatConfigFields,
});

void runServiceProcess(
  chatService,
  (config) => {
    const signer = new PrincipalSigner(config.INTERNAL_SECRET);
    return {
      ...chatDepsFromConfig(config),
      identity: new HttpIdentityDirectory(config.IDENTITY_URL, signer),
      forms: new HttpFormsRecords(config.FORMS_URL, signer),
      // start:cluster sets PUBLIC_URL to the gateway's address.
      publicUrl: (config.PUBLIC_URL ?? 'http://localhost:3000').replace(/\/+$/, ''),
    };
  },
  chatConfigSchema,
).catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
