import { z } from 'zod';
import { baseConfigSchema, PrincipalSigner, runServiceProcess } from '@clinic/kit';
import { HttpIdentityDirectory } from '@clinic/identity-client';
import { marketingService } from './app';

const marketingConfigSchema = baseConfigSchema.extend({ IDENTITY_URL: z.url() });

void runServiceProcess(
  marketingService,
  (config) => ({
    identity: new HttpIdentityDirectory(
      config.IDENTITY_URL,
      new PrincipalSigner(config.INTERNAL_SECRET),
    ),
    redisUrl: config.REDIS_URL,
  }),
  marketingConfigSchema,
).catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
