/**
 * LocalDiskStorage behind localUploadRoutes on a real Express server: the shared UploadStorage
 * contract, plus what only the local routes do (413 over the size limit leaving nothing behind,
 * clear 4xx messages for bad links, private no-store reads, no file outside the folder).
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Router } from 'express';
import { signedPutHeaders } from '@clinic/contracts';
import { createHttpApp, finishApp } from '@clinic/kit';
import { silentLogger } from '@clinic/kit/testing';
import { LocalDiskStorage, LOCAL_UPLOAD_MESSAGES } from './local-disk-storage';
import { localUploadRoutes, tooLargeMessage } from './local-upload-routes';
import { localUploadsDir, uploadStorageFromEnv } from './storage-from-config';
import { S3UploadStorage } from './s3-storage';
import { describeUploadStorageContract } from './upload-storage.suite';

interface Served {
  storage: LocalDiskStorage;
  base: string;
  dir: string;
  close(): Promise<void>;
}

/** The service's own app (JSON parser, security headers, error handler) on a loopback port. */
async function serve(opts: { maxBytes: number; now?: () => number }) {
  const dir = await mkdtemp(join(tmpdir(), 'local-uploads-test-'));
  const app = createHttpApp({ service: 'forms', logger: silentLogger });
  const server = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const storage = new LocalDiskStorage({
    dir,
    publicBase: base,
    secret: 'test-secret',
    now: opts.now,
  });
  const router = Router();
  localUploadRoutes(router, storage, { maxBytes: opts.maxBytes });
  app.use(router);
  finishApp(app, silentLogger);
  const served: Served = {
    storage,
    base,
    dir,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(dir, { recursive: true, force: true });
    },
  };
  return served;
}

describeUploadStorageContract('local disk behind its Express routes', {
  open: async ({ now }) => {
    const served = await serve({ maxBytes: 5 * 1024 * 1024, now });
    return { storage: served.storage, close: served.close };
  },
  timeoutMs: 10000,
});

describe('local upload routes', () => {
  let served: Served;
  const maxBytes = 64 * 1024;
  beforeAll(async () => {
    served = await serve({ maxBytes });
  });
  afterAll(async () => {
    await served.close();
  });

  const putUrl = (key: string, contentType = 'image/png') =>
    served.storage.signedPutUrl(key, { contentType, expiresInSeconds: 60 });

  async function leftovers(): Promise<string[]> {
    const walk = async (d: string): Promise<string[]> => {
      const entries = await readdir(d, { withFileTypes: true }).catch(() => []);
      const files: string[] = [];
      for (const e of entries) {
        const p = join(d, e.name);
        if (e.isDirectory()) files.push(...(await walk(p)));
        else files.push(p);
      }
      return files;
    };
    return walk(served.dir);
  }

  it('refuses a body over the limit with 413 when Content-Length says so, and stores nothing', async () => {
    const key = 'user_med_images/too_big_declared.png';
    const before = await leftovers();
    const res = await fetch(await putUrl(key), {
      method: 'PUT',
      body: Buffer.alloc(maxBytes + 1, 7),
      headers: signedPutHeaders('image/png'),
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ message: tooLargeMessage(maxBytes) });
    expect(await served.storage.head(key)).toBeNull();
    expect(await leftovers()).toEqual(before);
  });

  it('refuses a streamed body once it passes the limit, with 413, and leaves no file', async () => {
    const key = 'user_med_images/too_big_streamed.png';
    const before = await leftovers();
    const chunk = Buffer.alloc(16 * 1024, 1);
    let sent = 0;
    // No Content-Length: the size is only known by counting.
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= maxBytes * 3) return controller.close();
        sent += chunk.length;
        controller.enqueue(chunk);
      },
    });
    const res = await fetch(await putUrl(key), {
      method: 'PUT',
      body,
      headers: signedPutHeaders('image/png'),
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ message: tooLargeMessage(maxBytes) });
    expect(await served.storage.head(key)).toBeNull();
    expect(await leftovers()).toEqual(before);
  });

  it('accepts a streamed body of exactly the limit', async () => {
    const key = 'user_med_images/exactly_the_limit.png';
    const res = await fetch(await putUrl(key), {
      method: 'PUT',
      body: Buffer.alloc(maxBytes, 3),
      headers: signedPutHeaders('image/png'),
    });
    expect(res.status).toBe(200);
    expect(await served.storage.head(key)).toEqual({ size: maxBytes, contentType: 'image/png' });
  });

  it('serves reads privately, never cached, never sniffed, sandboxed', async () => {
    const key = 'user_med_images/headers.txt';
    await fetch(await putUrl(key, 'text/plain'), {
      method: 'PUT',
      body: 'hello',
      headers: signedPutHeaders('text/plain'),
    });
    const url = await served.storage.signedGetUrl(key, { expiresInSeconds: 60 });
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain('sandbox');
    expect(res.headers.get('content-length')).toBe('5');
    expect(await res.text()).toBe('hello');
    const head = await fetch(url, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('text/plain');
  });

  it('answers bad links with a clear 4xx message, never a 500', async () => {
    const key = 'user_med_images/links.png';
    const good = new URL(await putUrl(key));
    const cases: Array<[string, string, number, string]> = [];
    const without = (name: string) => {
      const u = new URL(good);
      u.searchParams.delete(name);
      return u.toString();
    };
    cases.push(['PUT', without('sig'), 403, LOCAL_UPLOAD_MESSAGES.badSignature]);
    cases.push(['PUT', without('expires'), 403, LOCAL_UPLOAD_MESSAGES.badSignature]);
    cases.push(['PUT', without('method'), 403, LOCAL_UPLOAD_MESSAGES.badSignature]);
    const later = new URL(good);
    later.searchParams.set('expires', String(Number(later.searchParams.get('expires')) + 3600));
    cases.push(['PUT', later.toString(), 403, LOCAL_UPLOAD_MESSAGES.badSignature]);
    const twice = new URL(good);
    twice.searchParams.append('sig', 'x');
    cases.push(['PUT', twice.toString(), 403, LOCAL_UPLOAD_MESSAGES.badSignature]);
    // A PUT link cannot read, a GET link cannot write.
    cases.push(['GET', good.toString(), 403, LOCAL_UPLOAD_MESSAGES.wrongMethod]);
    const getUrl = await served.storage.signedGetUrl(key, { expiresInSeconds: 60 });
    cases.push(['PUT', getUrl, 403, LOCAL_UPLOAD_MESSAGES.wrongMethod]);
    cases.push([
      'PUT',
      `${served.base}/forms/uploads/a%2F..%2F..%2Fetc%2Fpasswd?sig=1`,
      400,
      LOCAL_UPLOAD_MESSAGES.badKey,
    ]);
    cases.push([
      'GET',
      `${served.base}/forms/uploads/bad%20key.png`,
      400,
      LOCAL_UPLOAD_MESSAGES.badKey,
    ]);
    cases.push(['GET', `${served.base}/forms/uploads/%E0%A4%A`, 400, '']);

    for (const [method, url, status, message] of cases) {
      const res = await fetch(url, {
        method,
        ...(method === 'PUT' ? { body: 'x', headers: signedPutHeaders('image/png') } : {}),
      });
      expect({ url, status: res.status }).toEqual({ url, status });
      const json = (await res.json().catch(() => ({}))) as { message?: string };
      if (message) expect(json.message).toBe(message);
    }
    expect(await served.storage.head(key)).toBeNull();

    // Sent as is (fetch would normalise the dots away before sending).
    for (const path of ['/forms/uploads/a/%2e%2e/x.png', '/forms/uploads/a/../../x.png']) {
      const res = await raw('GET', `${served.base}${path}`);
      expect(res.status).toBe(400);
      expect(JSON.parse(res.body).message).toBe(LOCAL_UPLOAD_MESSAGES.badKey);
    }
  });

  it('refuses a PUT without a Content-Type, or with a JSON body the app already parsed', async () => {
    const key = 'user_med_images/json.png';
    const url = await served.storage.signedPutUrl(key, {
      contentType: 'application/json',
      expiresInSeconds: 60,
    });
    const res = await fetch(url, {
      method: 'PUT',
      body: '{"a":1}',
      headers: signedPutHeaders('application/json'),
    });
    expect(res.status).toBe(415);
    expect(await served.storage.head(key)).toBeNull();

    const noType = await raw(
      'PUT',
      await putUrl('user_med_images/no_type.png'),
      Buffer.from('abc'),
    );
    expect(noType.status).toBe(403);
    expect(JSON.parse(noType.body).message).toBe(LOCAL_UPLOAD_MESSAGES.wrongContentType);
  });

  it('keeps a half-sent upload out of the store', async () => {
    const key = 'user_med_images/interrupted.png';
    const url = new URL(await putUrl(key));
    await new Promise<void>((resolve) => {
      const req = httpRequest(url, {
        method: 'PUT',
        headers: { ...signedPutHeaders('image/png'), 'content-length': '5000' },
      });
      req.on('error', () => resolve());
      req.write(Buffer.alloc(1000, 1), () => setTimeout(() => req.destroy(), 50));
      req.on('close', () => resolve());
    });
    // The server notices the aborted body asynchronously.
    for (let i = 0; i < 250 && (await leftovers()).some((f) => f.endsWith('.part')); i++)
      await new Promise((r) => setTimeout(r, 20));
    expect(await served.storage.head(key)).toBeNull();
    expect(
      (await leftovers()).filter((f) =>
        f.includes(join('objects', 'user_med_images', 'interrupted')),
      ),
    ).toEqual([]);
    expect((await leftovers()).filter((f) => f.endsWith('.part'))).toEqual([]);
  });

  it('stores one of several PUTs racing through one link, and refuses the others with 412', async () => {
    const key = 'user_med_images/raced.png';
    const url = await putUrl(key);
    const bodies = [1, 2, 3, 4, 5].map((n) => Buffer.alloc(20_000, n));
    const answers = await Promise.all(
      bodies.map((body) =>
        fetch(url, { method: 'PUT', body, headers: signedPutHeaders('image/png') }),
      ),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 412)).toHaveLength(4);
    const refused = answers.find((r) => r.status === 412)!;
    expect(await refused.json()).toEqual({ message: LOCAL_UPLOAD_MESSAGES.alreadyStored });
    const winner = bodies[statuses.indexOf(200)]!;
    expect(await served.storage.readStart(key, winner.length)).toEqual(winner);
    expect((await leftovers()).filter((f) => f.endsWith('.part') || f.endsWith('.meta'))).toEqual(
      [],
    );
  });

  it('answers 409 when a key would need an existing object as a folder', async () => {
    const res1 = await fetch(await putUrl('user_med_images/clash'), {
      method: 'PUT',
      body: 'a',
      headers: signedPutHeaders('image/png'),
    });
    expect(res1.status).toBe(200);
    const res2 = await fetch(await putUrl('user_med_images/clash/inner.png'), {
      method: 'PUT',
      body: 'b',
      headers: signedPutHeaders('image/png'),
    });
    expect(res2.status).toBe(409);
    expect(await served.storage.head('user_med_images/clash/inner.png')).toBeNull();
    expect(await served.storage.head('user_med_images/clash')).toMatchObject({ size: 1 });
  });

  it('makes URLs of the documented shape', async () => {
    const url = new URL(
      await putUrl('user_med_images/123_full_body_image_1732450000000_photo.jpg', 'image/jpeg'),
    );
    expect(url.origin + url.pathname).toBe(
      `${served.base}/forms/uploads/user_med_images%2F123_full_body_image_1732450000000_photo.jpg`,
    );
    expect([...url.searchParams.keys()]).toEqual(['expires', 'method', 'ct', 'sig']);
    expect(url.searchParams.get('method')).toBe('PUT');
    expect(url.searchParams.get('ct')).toBe('image/jpeg');
    expect(url.searchParams.get('sig')).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('uploadStorageFromEnv', () => {
  it('is the local disk without S3_ENDPOINT, under <dataDir>/uploads', () => {
    const storage = uploadStorageFromEnv(
      {},
      { dataDir: '/var/lib/clinic', publicBase: 'http://x', secret: 's' },
    );
    expect(storage).toBeInstanceOf(LocalDiskStorage);
    expect((storage as LocalDiskStorage).dir).toBe('/var/lib/clinic/uploads');
  });

  it('uses a fresh temp folder for the in-memory data dir', () => {
    const a = localUploadsDir(':memory:');
    const b = localUploadsDir(':memory:');
    expect(a).not.toBe(b);
    expect(a.startsWith(tmpdir())).toBe(true);
  });

  it('is S3 with S3_ENDPOINT, and names the missing variables', () => {
    const settings = { dataDir: ':memory:', publicBase: 'http://x', secret: 's' };
    const env = {
      S3_ENDPOINT: 'http://127.0.0.1:9300',
      S3_BUCKET: 'clinic-uploads',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'secret',
    };
    const storage = uploadStorageFromEnv(env, settings);
    expect(storage).toBeInstanceOf(S3UploadStorage);
    expect(storage.kind).toBe('s3');
    (storage as S3UploadStorage).close();
    expect(() => uploadStorageFromEnv({ S3_ENDPOINT: 'http://127.0.0.1:9300' }, settings)).toThrow(
      'S3 upload storage needs S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY',
    );
  });
});

/** A request sent exactly as written: the path is not normalised, no Content-Type is added. */
function raw(
  method: string,
  url: string,
  body?: Buffer,
): Promise<{ status: number; body: string }> {
  const parsed = new URL(url);
  const path = url.slice(parsed.origin.length);
  return new Promise((resolve, reject) => {
    const req = httpRequest({
      host: parsed.hostname,
      port: parsed.port,
      method,
      path,
      headers: body ? { 'content-length': body.length } : {},
    });
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}
