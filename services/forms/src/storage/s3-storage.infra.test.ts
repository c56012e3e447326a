/**
 * S3UploadStorage against the real S3-compatible server that infra/local/up.sh starts (S3Proxy,
 * its S3_* env lines): the shared UploadStorage contract, plus creating a missing bucket.
 */
import { randomBytes } from 'node:crypto';
import { DeleteBucketCommand } from '@aws-sdk/client-s3';
import { signedPutHeaders } from '@clinic/contracts';
import { s3ConfigFromEnv, S3UploadStorage } from './s3-storage';
import { describeUploadStorageContract } from './upload-storage.suite';

/** The env lines of up.sh, with its fixed local values when they were not exported. */
function s3Env(): Record<string, string | undefined> {
  return {
    S3_ENDPOINT: process.env.S3_ENDPOINT ?? 'http://127.0.0.1:9300',
    S3_REGION: process.env.S3_REGION ?? 'us-east-1',
    S3_BUCKET: process.env.S3_BUCKET ?? 'clinic-uploads',
    S3_ACCESS_KEY_ID: process.env.S3_ACCESS_KEY_ID ?? 'clinic-local',
    S3_SECRET_ACCESS_KEY: process.env.S3_SECRET_ACCESS_KEY ?? 'clinic-local-secret',
  };
}

describeUploadStorageContract('S3 on the local S3-compatible server', {
  open: async ({ now }) => {
    const storage = new S3UploadStorage({ ...s3ConfigFromEnv(s3Env()), now });
    await storage.ensureBucket();
    return { storage, close: async () => storage.close() };
  },
  timeoutMs: 20000,
});

describe('S3UploadStorage.ensureBucket', () => {
  it('creates a missing bucket once, and a signed PUT works right away', async () => {
    const bucket = `clinic-test-${randomBytes(4).toString('hex')}`;
    const storage = new S3UploadStorage({ ...s3ConfigFromEnv(s3Env()), bucket });
    try {
      await Promise.all([storage.ensureBucket(), storage.ensureBucket()]);
      await storage.ensureBucket();
      const key = 'user_med_images/1_id_image_1732450000000_id.jpg';
      const url = await storage.signedPutUrl(key, {
        contentType: 'image/jpeg',
        expiresInSeconds: 60,
      });
      const res = await fetch(url, {
        method: 'PUT',
        body: Buffer.from('ffd8ffe000104a464946', 'hex'),
        headers: signedPutHeaders('image/jpeg'),
      });
      expect(res.status).toBe(200);
      expect(await storage.head(key)).toEqual({ size: 10, contentType: 'image/jpeg' });
      await storage.delete(key);
      await storage.client.send(new DeleteBucketCommand({ Bucket: bucket }));
    } finally {
      storage.close();
    }
  });

  it('is private: an unsigned read of a stored object is refused', async () => {
    const storage = new S3UploadStorage(s3ConfigFromEnv(s3Env()));
    try {
      const key = `user_med_images/private_${randomBytes(4).toString('hex')}.png`;
      const url = await storage.signedPutUrl(key, {
        contentType: 'image/png',
        expiresInSeconds: 60,
      });
      await fetch(url, { method: 'PUT', body: 'x', headers: signedPutHeaders('image/png') });
      expect(await storage.head(key)).not.toBeNull();
      const unsigned = new URL(url);
      unsigned.search = '';
      const res = await fetch(unsigned);
      expect(res.status).toBe(403);
      await storage.delete(key);
    } finally {
      storage.close();
    }
  });
});
