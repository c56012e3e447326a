import { z } from 'zod';
import { baseConfigSchema, PrincipalSigner, runServiceProcess } from '@clinic/kit';
import { HttpIdentityDirectory } from '@clinic/identity';
import { checkoutService } from './app';

const checkoutConfigSchema = baseConfigSchema.extend({
  IDENTITY_URL: z.url(),
  AFFILIATE_CONVERSION_URL: z.url().optional(),
});

void runServiceProcess(
  checkoutService,
  (config) => ({
    identity: new HttpIdentityDirectory(
      config.IDENTITY_URL,
      new PrincipalSigner(config.INTERNAL_SECRET),
    ),
    affiliateConversionUrl: config.AFFILIATE_CONVERSION_URL ?? null,
  }),
  checkoutConfigSchema,
).catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
