import { SIGNED_PUT_ALREADY_STORED } from '@clinic/contracts';
import { FakeXhr, installFakeXhr } from '../test-utils/xhr';
import { putSigned, SignedPutError } from './upload';

const url = 'https://store.test/put/1';
const file = new File(['%PDF'], 'labs.pdf', { type: 'application/pdf' });
const realXhr = globalThis.XMLHttpRequest;

beforeEach(() => installFakeXhr());
afterEach(() => {
  globalThis.XMLHttpRequest = realXhr;
});

async function failure(put: Promise<void>): Promise<SignedPutError> {
  const error: unknown = await put.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SignedPutError);
  return error as SignedPutError;
}

describe('putSigned: the one PUT of a file to a signed URL', () => {
  it('PUTs the file once with the signed type and reports progress up to 100', async () => {
    const progress: number[] = [];
    const put = putSigned(url, file, {
      contentType: 'application/pdf',
      onProgress: (p) => progress.push(p),
    });
    const [xhr] = FakeXhr.sent;
    expect(FakeXhr.sent).toHaveLength(1);
    expect([xhr!.method, xhr!.url, xhr!.body]).toEqual(['PUT', url, file]);
    expect(xhr!.headers).toEqual({ 'Content-Type': 'application/pdf', 'If-None-Match': '*' });
    xhr!.progress(1, 4);
    xhr!.progress(3, 4);
    xhr!.respond(200);
    await put;
    expect(progress).toEqual([25, 75, 100]);
  });

  it('fails with the storage status, and takes "already stored" only on a retry', async () => {
    const refused = putSigned(url, file, { contentType: 'application/pdf' });
    FakeXhr.sent[0]!.respond(403);
    expect(await failure(refused)).toMatchObject({ kind: 'http', status: 403 });

    const first = putSigned(url, file, { contentType: 'application/pdf' });
    FakeXhr.sent[1]!.respond(SIGNED_PUT_ALREADY_STORED);
    expect(await failure(first)).toMatchObject({ kind: 'http', status: SIGNED_PUT_ALREADY_STORED });

    const retry = putSigned(url, file, { contentType: 'application/pdf', retry: true });
    FakeXhr.sent[2]!.respond(SIGNED_PUT_ALREADY_STORED);
    await expect(retry).resolves.toBeUndefined();
  });

  it('sets the timeout, and tells a lost connection, a timeout and an abort apart', async () => {
    const lost = putSigned(url, file, { contentType: 'application/pdf' });
    FakeXhr.sent[0]!.progress(1, 4);
    FakeXhr.sent[0]!.fail();
    expect(await failure(lost)).toMatchObject({ kind: 'network', status: 0, progressed: true });

    const slow = putSigned(url, file, { contentType: 'application/pdf', timeoutMs: 300_000 });
    expect((FakeXhr.sent[1] as unknown as { timeout: number }).timeout).toBe(300_000);
    FakeXhr.sent[1]!.ontimeout?.();
    expect(await failure(slow)).toMatchObject({ kind: 'timeout' });

    const controller = new AbortController();
    const stopped = putSigned(url, file, {
      contentType: 'application/pdf',
      signal: controller.signal,
    });
    controller.abort();
    expect(await failure(stopped)).toMatchObject({
      kind: 'cancelled',
      message: 'Upload was cancelled',
    });
  });
});
