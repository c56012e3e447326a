import { createServer, type RequestListener, type Server } from 'node:http';
import request from 'supertest';
import { formsInternalPaths } from '@clinic/contracts';
import { FormsRecordsError, HttpFormsRecords } from '@clinic/forms-client';
import { INTERNAL_CALL_HEADER, PrincipalSigner } from '@clinic/kit';
import { closeServer, listenOnLoopback } from '@clinic/kit/testing';
import { startForms, type FormsHarness } from '../testing';
import { formsRecordsContract } from './forms-records.suite';

formsRecordsContract('over HTTP', async (forms) => {
  const server = createServer(forms.service.app);
  const url = await listenOnLoopback(server);
  return {
    records: new HttpFormsRecords(`${url}/`, forms.service.engines.principals),
    close: () => closeServer(server),
  };
});

describe("forms' internal routes", () => {
  let h: FormsHarness;
  let internalToken: string;
  beforeAll(async () => {
    h = await startForms();
    internalToken = h.service.engines.principals.internalToken();
  });
  afterAll(() => h.close());

  const call = (path: string, body: unknown, token?: string) => {
    const test = request(h.service.app).post(path);
    if (token) test.set(INTERNAL_CALL_HEADER, token);
    return test.send(body as object);
  };

  it.each([
    ['no internal token', undefined],
    ['a token of another cluster', new PrincipalSigner('o'.repeat(32)).internalToken()],
  ])('refuses a call with %s (403)', async (_case, token) => {
    for (const path of Object.values(formsInternalPaths)) {
      const res = await call(path, { orderId: 1, fileName: 'a.png' }, token);
      expect(res.status).toBe(403);
    }
  });

  it.each([
    [formsInternalPaths.assessmentRecord, {}],
    [formsInternalPaths.assessmentRecord, { orderId: 'one' }],
    [formsInternalPaths.assessmentRecord, { orderId: -4 }],
    [formsInternalPaths.fileRead, { orderId: 1 }],
    [formsInternalPaths.fileRead, { orderId: 1, fileName: 'x'.repeat(201) }],
    [formsInternalPaths.fileRead, { orderId: 1, fileName: ['a.png'] }],
    [formsInternalPaths.patientAttachmentCheck, { userId: 'one', fileName: 'a.pdf' }],
    [formsInternalPaths.patientAttachmentCheck, { userId: 1, fileName: '' }],
    [formsInternalPaths.patientFileRead, { userId: 1 }],
  ])('answers 400 to a malformed body on %s', async (path, body) => {
    const res = await call(path, body, internalToken);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^Invalid request body: /);
  });

  it('answers null for an unknown order', async () => {
    const record = await call(
      formsInternalPaths.assessmentRecord,
      { orderId: 424242 },
      internalToken,
    );
    expect(record.status).toBe(200);
    expect(record.body).toEqual({ record: null });
    const read = await call(
      formsInternalPaths.fileRead,
      { orderId: 424242, fileName: 'a.png' },
      internalToken,
    );
    expect(read.body).toEqual({ read: null });
  });
});

describe('HttpFormsRecords failures', () => {
  // Closed even when an assertion fails, or a hanging server would keep jest from exiting.
  const servers: Server[] = [];
  const serve = (handler?: RequestListener) => {
    const server = handler ? createServer(handler) : createServer();
    servers.push(server);
    return listenOnLoopback(server);
  };
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((s) => (s.listening ? closeServer(s) : undefined)));
  });

  it('rejects clearly when forms does not answer in time', async () => {
    const url = await serve(() => undefined);
    const records = new HttpFormsRecords(url, new PrincipalSigner(), 100);
    await expect(records.assessmentRecord(1)).rejects.toThrow(
      new FormsRecordsError(
        `forms ${formsInternalPaths.assessmentRecord} did not answer within 100 ms`,
      ),
    );
  });

  it('rejects clearly when forms cannot be reached', async () => {
    const url = await serve();
    await closeServer(servers[0] as Server);
    const records = new HttpFormsRecords(url, new PrincipalSigner());
    await expect(records.fileRead(1, 'a.png')).rejects.toThrow(/could not be reached/);
  });

  it('rejects with the status and message of a non-2xx answer', async () => {
    const url = await serve((_req, res) => {
      res.writeHead(403, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ status: 'error', message: 'Forbidden' }));
    });
    const failure = new HttpFormsRecords(url, new PrincipalSigner()).assessmentRecord(1);
    await expect(failure).rejects.toThrow(
      `forms ${formsInternalPaths.assessmentRecord} answered 403: Forbidden`,
    );
    await expect(failure).rejects.toMatchObject({ status: 403 });
  });

  it('rejects an answer outside the contract without repeating what it held', async () => {
    const url = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ record: { orderId: 1, allergies: 'Peanuts' } }));
    });
    const failure = new HttpFormsRecords(url, new PrincipalSigner()).assessmentRecord(1);
    await expect(failure).rejects.toThrow(/outside its contract/);
    await expect(failure).rejects.not.toThrow(/Peanuts/);
  });

  it('sends the internal token that the internal routes require', async () => {
    let seen: string | undefined;
    const url = await serve((req, res) => {
      seen = req.headers[INTERNAL_CALL_HEADER] as string | undefined;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ read: null }));
    });
    const signer = new PrincipalSigner('s'.repeat(32));
    expect(await new HttpFormsRecords(url, signer).fileRead(1, 'a.png')).toBeNull();
    expect(signer.isInternalCall(seen)).toBe(true);
  });
});
