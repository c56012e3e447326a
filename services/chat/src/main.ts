import { z } from 'zod';
import { baseConfigSchema, PrincipalSigner, runServiceProcess } from '@clinic/kit';
import { HttpIdentityDirectory } from '@clinic/identity-client';
import { chatService } from './app';
import { chatConfigFields, chatDepsFromConfig } from './config';

const chatConfigSchema = baseConfigSchema.extend({ IDENTITY_URL: z.url(), ...chatConfigFields });

void runServiceProcess(
  chatService,
  (config) => ({
    ...chatDepsFromConfig(config),
    identity: new HttpIdentityDirectory(
      config.IDENTITY_URL,
      new PrincipalSigner(config.INTERNAL_SECRET),
    ),
  }),
  chatConfigSchema,
).catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
