/**
 * Forms' configuration, read the same way by its own process (cluster mode) and by the gateway
 * that runs it in-process (single-node mode): uploads go to S3 when S3_ENDPOINT is set (then
 * S3_BUCKET and the keys are required), otherwise under DATA_DIR/uploads with URLs relative to
 * the gateway, signed with the cluster's secret (or a random one for a single process).
 */
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { FormsDeps } from './deps';
import { uploadStorageFromEnv } from './storage/storage-from-config';

export const formsConfigFields = {
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().min(1).optional(),
  S3_BUCKET: z.string().min(1).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
};

export type FormsConfig = z.infer<z.ZodObject<typeof formsConfigFields>> & {
  DATA_DIR: string;
  INTERNAL_SECRET?: string;
};

export function formsDepsFromConfig(
  config: FormsConfig,
): Omit<FormsDeps, 'identity' | 'publicUrl'> {
  return {
    storage: uploadStorageFromEnv(config, {
      dataDir: config.DATA_DIR,
      publicBase: '',
      secret: config.INTERNAL_SECRET ?? randomBytes(32).toString('base64url'),
    }),
  };
}
