/**
 * The UploadStorage contract, run against every implementation (local disk behind its routes in
 * the unit project, S3 on the real S3-compatible server in the infra project) with real HTTP
 * through `fetch`: a signed PUT stores exactly the bytes and Content-Type; head, readStart and a
 * signed GET (a download, with the Content-Type asked for) give them back; a key is written
 * once, so a second PUT through the same link is refused and what was read stays; an expired
 * link, a tampered signature, a link used for another key, a PUT with another Content-Type or
 * without `If-None-Match: *` are refused and store nothing; delete removes (twice is fine) and
 * frees the key; an unknown key has no head; bad keys, content types and lifetimes are refused
 * before anything is signed.
 */
import { randomBytes } from 'node:crypto';
import { SIGNED_PUT_ALREADY_STORED, signedPutHeaders } from '@clinic/contracts';
import {
  InvalidUploadKeyError,
  UploadStorageError,
  UPLOAD_KEY_MAX_LENGTH,
  UPLOAD_KEY_SEGMENT_MAX_LENGTH,
  type UploadStorage,
} from './upload-storage';

export interface UploadStorageHarness {
  /** A storage whose signing clock is `now` (milliseconds since the epoch). */
  open(clock: { now: () => number }): Promise<{ storage: UploadStorage; close(): Promise<void> }>;
  timeoutMs: number;
}

// Real headers: PNG signature + IHDR chunk start, a JPEG SOI/APP0 marker.
const PNG = Buffer.concat([
  Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'),
  randomBytes(2000),
]);
const JPEG = Buffer.concat([Buffer.from('ffd8ffe000104a464946', 'hex'), randomBytes(500)]);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n');
// A Windows program's first bytes (MZ, the DOS stub's message).
const EXE = Buffer.concat([
  Buffer.from('4d5a90000300000004000000ffff0000', 'hex'),
  Buffer.from('This program cannot be run in DOS mode.'),
]);

export const BAD_UPLOAD_KEYS = [
  '',
  '/user_med_images/a.png',
  '../etc/passwd',
  'user_med_images/../../secret',
  'user_med_images/..',
  'a/./b.png',
  'a//b.png',
  'folder/',
  'with space.png',
  'percent%2Fslash.png',
  'new\nline.png',
  'ключ.png',
  'back\\slash.png',
  'x'.repeat(UPLOAD_KEY_MAX_LENGTH + 1),
  `user_med_images/${'x'.repeat(UPLOAD_KEY_SEGMENT_MAX_LENGTH + 1)}`,
];

export function describeUploadStorageContract(label: string, harness: UploadStorageHarness): void {
  describe(`UploadStorage contract: ${label}`, () => {
    jest.setTimeout(harness.timeoutMs);
    let offsetMs = 0;
    const clock = { now: () => Date.now() + offsetMs };
    let storage: UploadStorage;
    let close: () => Promise<void>;
    const run = randomBytes(4).toString('hex');
    let n = 0;
    const newKey = (name = 'photo.png') =>
      `user_med_images/${run}_${++n}_full_body_image_${Date.now()}_${name}`;

    beforeAll(async () => {
      ({ storage, close } = await harness.open(clock));
    });
    afterAll(async () => {
      await close();
    });
    afterEach(() => {
      offsetMs = 0;
    });

    async function put(
      url: string,
      body: Buffer,
      contentType: string,
      headers: Record<string, string> = signedPutHeaders(contentType),
    ): Promise<Response> {
      return fetch(url, { method: 'PUT', body, headers });
    }

    async function upload(key: string, body: Buffer, contentType: string): Promise<void> {
      const url = await storage.signedPutUrl(key, { contentType, expiresInSeconds: 300 });
      const res = await put(url, body, contentType);
      expect(res.status).toBe(200);
      await res.arrayBuffer();
    }

    /** Flips one hex digit of the signature (the query value of 64 hex digits). */
    function tamper(url: string): string {
      const parsed = new URL(url);
      for (const [name, value] of parsed.searchParams) {
        if (/^[0-9a-f]{64}$/i.test(value)) {
          const flipped = (value[0] === '0' ? '1' : '0') + value.slice(1);
          parsed.searchParams.set(name, flipped);
          return parsed.toString();
        }
      }
      throw new Error(`no signature found in ${url}`);
    }

    it('stores what is PUT through a signed URL and gives it back', async () => {
      const key = newKey();
      await upload(key, PNG, 'image/png');

      expect(await storage.head(key)).toEqual({ size: PNG.length, contentType: 'image/png' });
      expect(await storage.readStart(key, 8)).toEqual(PNG.subarray(0, 8));
      expect(await storage.readStart(key, PNG.length + 100)).toEqual(PNG);

      const res = await fetch(await storage.signedGetUrl(key, { expiresInSeconds: 60 }));
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/png');
      expect(Buffer.from(await res.arrayBuffer())).toEqual(PNG);
    });

    it('serves a signed GET as a download, with the Content-Type asked for', async () => {
      const key = newKey('report.pdf');
      // Claimed as text, checked as a PDF: the read says what the bytes are.
      await upload(key, PDF, 'text/plain');
      const url = await storage.signedGetUrl(key, {
        expiresInSeconds: 60,
        contentType: 'application/pdf',
      });
      const res = await fetch(url);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/pdf');
      expect(res.headers.get('content-disposition')).toBe(
        `attachment; filename="${key.split('/').pop()}"`,
      );
      expect(Buffer.from(await res.arrayBuffer())).toEqual(PDF);
    });

    it('takes one PUT per key: a second one through the same link is refused and changes nothing', async () => {
      const key = newKey('report.pdf');
      const url = await storage.signedPutUrl(key, {
        contentType: 'application/pdf',
        expiresInSeconds: 300,
      });
      const first = await put(url, PDF, 'application/pdf');
      expect(first.status).toBe(200);
      await first.arrayBuffer();
      // The server checks what is stored ...
      expect(await storage.readStart(key, 5)).toEqual(Buffer.from('%PDF-'));
      // ... and a second PUT through the same, still valid link cannot swap it for a program.
      const again = await put(url, EXE, 'application/pdf');
      expect(again.status).toBe(SIGNED_PUT_ALREADY_STORED);
      await again.arrayBuffer();
      expect(await storage.head(key)).toEqual({ size: PDF.length, contentType: 'application/pdf' });
      expect(await storage.readStart(key, PDF.length)).toEqual(PDF);
      const read = await fetch(await storage.signedGetUrl(key, { expiresInSeconds: 60 }));
      expect(Buffer.from(await read.arrayBuffer())).toEqual(PDF);
    });

    it('refuses a PUT without If-None-Match: * and stores nothing', async () => {
      const key = newKey();
      const url = await storage.signedPutUrl(key, {
        contentType: 'image/png',
        expiresInSeconds: 60,
      });
      const bare = await put(url, PNG, 'image/png', { 'content-type': 'image/png' });
      expect(bare.status).toBe(403);
      await bare.arrayBuffer();
      const other = await put(url, PNG, 'image/png', {
        'content-type': 'image/png',
        'if-none-match': '"0123"',
      });
      expect(other.status).toBe(403);
      await other.arrayBuffer();
      expect(await storage.head(key)).toBeNull();
    });

    it('frees a key once its object is deleted', async () => {
      const key = newKey('photo.jpg');
      const url = await storage.signedPutUrl(key, {
        contentType: 'image/jpeg',
        expiresInSeconds: 300,
      });
      const first = await put(url, EXE, 'image/jpeg');
      expect(first.status).toBe(200);
      await first.arrayBuffer();
      await storage.delete(key);
      const res = await put(url, JPEG, 'image/jpeg');
      expect(res.status).toBe(200);
      await res.arrayBuffer();
      expect(await storage.readStart(key, 3)).toEqual(Buffer.from('ffd8ff', 'hex'));
    });

    it('stores an empty body as an empty object', async () => {
      const key = newKey('empty.txt');
      await upload(key, Buffer.alloc(0), 'text/plain');
      expect(await storage.head(key)).toEqual({ size: 0, contentType: 'text/plain' });
      expect(await storage.readStart(key, 16)).toEqual(Buffer.alloc(0));
    });

    it('refuses an expired PUT link and stores nothing', async () => {
      const key = newKey();
      offsetMs = -3600_000; // signed an hour ago, valid for a minute
      const url = await storage.signedPutUrl(key, {
        contentType: 'image/png',
        expiresInSeconds: 60,
      });
      offsetMs = 0;
      const res = await put(url, PNG, 'image/png');
      expect(res.status).toBe(403);
      expect(await storage.head(key)).toBeNull();
    });

    it('refuses an expired GET link', async () => {
      const key = newKey();
      await upload(key, PNG, 'image/png');
      offsetMs = -3600_000;
      const url = await storage.signedGetUrl(key, { expiresInSeconds: 60 });
      offsetMs = 0;
      const res = await fetch(url);
      expect(res.status).toBe(403);
      expect(Buffer.from(await res.arrayBuffer()).includes(PNG.subarray(0, 16))).toBe(false);
    });

    it('refuses a tampered signature, for PUT and for GET', async () => {
      const key = newKey();
      const putUrl = await storage.signedPutUrl(key, {
        contentType: 'image/png',
        expiresInSeconds: 60,
      });
      const bad = await put(tamper(putUrl), PNG, 'image/png');
      expect(bad.status).toBe(403);
      expect(await storage.head(key)).toBeNull();

      await upload(key, PNG, 'image/png');
      const getUrl = await storage.signedGetUrl(key, { expiresInSeconds: 60 });
      expect((await fetch(tamper(getUrl))).status).toBe(403);
    });

    it('refuses a link signed for one key when used for another', async () => {
      const key = newKey();
      const other = newKey();
      const url = await storage.signedPutUrl(key, {
        contentType: 'image/png',
        expiresInSeconds: 60,
      });
      const segment = encodeURIComponent(key.split('/').pop() as string);
      expect(url).toContain(segment);
      const moved = url.replace(segment, encodeURIComponent(other.split('/').pop() as string));
      const res = await put(moved, PNG, 'image/png');
      expect(res.status).toBe(403);
      expect(await storage.head(other)).toBeNull();
      expect(await storage.head(key)).toBeNull();
    });

    it('refuses a PUT whose Content-Type is not the signed one', async () => {
      const key = newKey();
      const url = await storage.signedPutUrl(key, {
        contentType: 'image/png',
        expiresInSeconds: 60,
      });
      const res = await put(url, PNG, 'text/html');
      expect(res.status).toBe(403);
      await res.arrayBuffer();
      expect(await storage.head(key)).toBeNull();
    });

    it('deletes, and deleting again or deleting an unknown key is fine', async () => {
      const key = newKey();
      await upload(key, PNG, 'image/png');
      await storage.delete(key);
      expect(await storage.head(key)).toBeNull();
      await expect(storage.readStart(key, 8)).rejects.toMatchObject({ code: 'not_found' });
      const res = await fetch(await storage.signedGetUrl(key, { expiresInSeconds: 60 }));
      expect(res.status).toBe(404);
      await storage.delete(key);
      await storage.delete(newKey());
    });

    it('has no head for an unknown key, and readStart says not_found', async () => {
      const key = newKey();
      expect(await storage.head(key)).toBeNull();
      const err = await storage.readStart(key, 8).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(UploadStorageError);
      expect(err).toMatchObject({ code: 'not_found' });
    });

    it.each(BAD_UPLOAD_KEYS.map((k) => [JSON.stringify(k).slice(0, 40), k]))(
      'refuses the bad key %s in every method',
      async (_name, key) => {
        const calls: Array<() => Promise<unknown>> = [
          () => storage.signedPutUrl(key, { contentType: 'image/png', expiresInSeconds: 60 }),
          () => storage.signedGetUrl(key, { expiresInSeconds: 60 }),
          () => storage.head(key),
          () => storage.readStart(key, 8),
          () => storage.delete(key),
        ];
        for (const call of calls) {
          const err = await call().catch((e: unknown) => e);
          expect(err).toBeInstanceOf(InvalidUploadKeyError);
          expect(err).toMatchObject({ code: 'invalid_key' });
        }
      },
    );

    it('accepts a key of exactly the maximum lengths', async () => {
      const segment = 'a'.repeat(UPLOAD_KEY_SEGMENT_MAX_LENGTH - 4) + '.png';
      const prefix = `user_med_images/${run}/`;
      const key =
        prefix +
        'b'.repeat(UPLOAD_KEY_MAX_LENGTH - prefix.length - segment.length - 1) +
        '/' +
        segment;
      expect(key).toHaveLength(UPLOAD_KEY_MAX_LENGTH);
      await upload(key, PNG, 'image/png');
      expect(await storage.head(key)).toMatchObject({ size: PNG.length });
      await storage.delete(key);
    });

    it('refuses a bad Content-Type, lifetime or length before signing', async () => {
      const key = newKey();
      for (const contentType of ['', 'image', 'image/png\r\nx-evil: 1', 'a/b c']) {
        await expect(
          storage.signedPutUrl(key, { contentType, expiresInSeconds: 60 }),
        ).rejects.toMatchObject({ code: 'invalid_content_type' });
      }
      for (const expiresInSeconds of [0, -1, 1.5, 604801, Number.NaN]) {
        await expect(
          storage.signedPutUrl(key, { contentType: 'image/png', expiresInSeconds }),
        ).rejects.toMatchObject({ code: 'invalid_expiry' });
        await expect(storage.signedGetUrl(key, { expiresInSeconds })).rejects.toMatchObject({
          code: 'invalid_expiry',
        });
      }
      await expect(storage.readStart(key, -1)).rejects.toMatchObject({ code: 'invalid_length' });
    });
  });
}
