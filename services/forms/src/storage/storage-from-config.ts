/**
 * Chooses the upload storage by configuration alone (BRIEF D2): S3 when `S3_ENDPOINT` is set
 * (then S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are required, S3_REGION defaults to
 * us-east-1), otherwise files under `<dataDir>/uploads` (a fresh temp folder for the in-memory
 * `:memory:` data dir). The local storage's signed URLs only work where `localUploadRoutes` is
 * mounted: check `storage.kind === 'local-disk'` (or `instanceof LocalDiskStorage`).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LocalDiskStorage } from './local-disk-storage';
import { S3UploadStorage } from './s3-storage';

export interface UploadStorageSettings {
  /** The service's DATA_DIR, or `:memory:`. */
  dataDir: string;
  /** The origin browsers reach the service at (for the local storage's URLs). */
  publicBase: string;
  /** The key that signs the local storage's URLs. */
  secret: string;
  now?: () => number;
}

export function uploadStorageFromEnv(
  env: Record<string, string | undefined>,
  settings: UploadStorageSettings,
): LocalDiskStorage | S3UploadStorage {
  if (env.S3_ENDPOINT) return S3UploadStorage.fromEnv(env);
  return new LocalDiskStorage({
    dir: localUploadsDir(settings.dataDir),
    publicBase: settings.publicBase,
    secret: settings.secret,
    now: settings.now,
  });
}

/** `<dataDir>/uploads`, or a new temp folder when the data dir is `:memory:`. */
export function localUploadsDir(dataDir: string): string {
  if (dataDir === ':memory:') return mkdtempSync(join(tmpdir(), 'clinic-uploads-'));
  return join(dataDir, 'uploads');
}
