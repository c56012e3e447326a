import { defineRoute, getCart, identityMessages, login } from '@clinic/contracts';
import { z } from 'zod';
import { installFetchMock, jsonResponse, type FetchMock } from '../test-utils/fetchMock';
import { testSession } from '../test-utils/session';
import { SESSION_KEY, getSession, setSession } from '../session/session';
import {
  ApiError,
  buildPath,
  callApi,
  errorMessage,
  genericErrorText,
  networkErrorText,
  toApiError,
} from './client';
import { callApiForBlob } from './file';

/** A route of its own, so the tests do not depend on any published call's shape. */
const thing = defineRoute({
  method: 'post',
  path: '/api/things/:kind/:id',
  service: 'checkout',
  auth: 'patient',
  summary: 'Test route.',
  params: z.object({ kind: z.string(), id: z.number() }),
  query: z.object({ page: z.number().optional(), q: z.string().optional() }),
  body: z.object({ name: z.string() }),
  response: z.object({ status: z.literal('success'), id: z.number(), tags: z.array(z.string()) }),
});
const input = { params: { kind: 'a', id: 1 }, body: { name: 'n' } };
const ok = { status: 'success', id: 42, tags: ['x'] };

let fetchMock: FetchMock;

function sent(call = 0): { url: string; init: RequestInit; headers: Headers } {
  const [url, init = {}] = fetchMock.mock.calls[call]!;
  return { url: String(url), init, headers: new Headers(init.headers) };
}

/** The error `promise` rejects with (failing the test when it resolves). */
async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  const error: unknown = await promise.then(
    () => new Error('expected a rejection'),
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

beforeEach(() => {
  localStorage.clear();
  fetchMock = installFetchMock();
});

describe('callApi: the request', () => {
  it('builds the path from the route, encoding each param, and adds the query', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, ok));

    await callApi(thing, {
      params: { kind: 'a/b c?', id: 7 },
      query: { page: 2, q: 'x&y=z' },
      body: { name: 'n' },
    });

    expect(sent().url).toBe('/api/things/a%2Fb%20c%3F/7?page=2&q=x%26y%3Dz');
  });

  it('encodes a published route param (get-cart) and leaves out an absent query', async () => {
    fetchMock.mockResolvedValue(jsonResponse(500, {}));

    await callApi(getCart, { params: { cart_id: '../admin#1' } }).catch(() => undefined);

    expect(sent().url).toBe('/api/get-cart/..%2Fadmin%231');
    expect(sent().init.method).toBe('GET');
    expect(sent().init.body).toBeUndefined();
  });

  it('refuses to call a path whose param is missing', () => {
    expect(() => buildPath('/api/get-cart/:cart_id', {})).toThrow(/cart_id/);
  });

  it("sends the route's method, the JSON body and its headers", async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, ok));

    await callApi(thing, { ...input, headers: { 'Idempotency-Key': 'key-1' } });

    const { init, headers } = sent();
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"name":"n"}');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(headers.get('Accept')).toBe('application/json');
    expect(headers.get('Idempotency-Key')).toBe('key-1');
  });

  it('sends the bearer token of the stored session', async () => {
    setSession(testSession({ token: 'tok-123' }));
    fetchMock.mockResolvedValue(jsonResponse(200, ok));

    await callApi(thing, input);

    expect(sent().headers.get('Authorization')).toBe('Bearer tok-123');
  });

  it('sends no Authorization header without a session', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, ok));

    await callApi(thing, input);

    expect(sent().headers.has('Authorization')).toBe(false);
  });
});

describe('callApi: the answer', () => {
  it("answers with the body parsed by the route's response schema", async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { ...ok, extra: 'dropped' }));

    await expect(callApi(thing, input)).resolves.toEqual(ok);
  });

  it('rejects a 2xx answer the schema refuses, saying where it is wrong', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { status: 'success', id: 'not a number' }));

    const error = await rejection(callApi(thing, input));

    expect(error.kind).toBe('malformed');
    expect(error.status).toBe(200);
    expect(error.message).toBe(genericErrorText);
    expect(error.serverMessage).toBeNull();
    expect(error.issues.map((i) => i.path.join('.'))).toEqual(['id', 'tags']);
    expect(error.body).toEqual({ status: 'success', id: 'not a number' });
  });

  it("keeps the server's text of a 2xx that says it failed", async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { status: 'error', message: 'Card expired.' }));

    const error = await rejection(callApi(thing, input));

    expect(error).toMatchObject({ kind: 'malformed', message: 'Card expired.' });
  });

  it('rejects an empty or non-JSON 2xx answer as malformed', async () => {
    fetchMock.mockResolvedValue({
      ok: true,
      status: 200,
      text: () => Promise.resolve('<html>proxy page</html>'),
    } as Response);

    const error = await rejection(callApi(thing, input));

    expect(error).toMatchObject({ kind: 'malformed', body: undefined });
  });

  it('types and parses a published route (login)', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(200, { status: 'success', message: 'Login successful.', token: 't', user: {} }),
    );

    const error = await rejection(callApi(login, { body: { email: 'a@b.co', password: 'pw' } }));

    expect(error.kind).toBe('malformed');
    // The answer is a patient's session or a staff member's second step (a union): the session's
    // branch names the missing id.
    const paths = error.issues
      .flatMap((issue) =>
        'errors' in issue ? (issue.errors as (typeof issue)[][]).flat() : [issue],
      )
      .map((issue) => issue.path.join('.'));
    expect(paths).toContain('user.id');
  });
});

describe('callApi: failures are one ApiError', () => {
  it('400: the message and each failing field', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(400, {
        status: 'error',
        message: 'Invalid request body: name: Required',
        fields: [
          { field: 'name', message: 'Required' },
          { field: 'address.zip', message: 'Use a 5-digit ZIP code or ZIP+4' },
        ],
      }),
    );

    const error = await rejection(callApi(thing, input));

    expect(error).toMatchObject({
      kind: 'http',
      status: 400,
      message: 'Invalid request body: name: Required',
    });
    expect(error.fieldNames).toEqual(['name', 'address.zip']);
    expect(error.fields[1]).toEqual({
      field: 'address.zip',
      message: 'Use a 5-digit ZIP code or ZIP+4',
    });
  });

  it('401: forgets the session whose token the server refused', async () => {
    setSession(testSession({ token: 'revoked' }));
    fetchMock.mockResolvedValue(jsonResponse(401, { status: 'error', message: 'Unauthorized' }));

    const error = await rejection(callApi(thing, input));

    expect(error).toMatchObject({ kind: 'http', status: 401, message: 'Unauthorized' });
    expect(getSession()).toBeNull();
    expect(localStorage.getItem(SESSION_KEY)).toBeNull();
  });

  it('401 without a message says to log in', async () => {
    fetchMock.mockResolvedValue(jsonResponse(401, undefined));

    const error = await rejection(callApi(thing, input));

    expect(error.message).toBe(identityMessages.notLoggedIn);
    expect(error.serverMessage).toBeNull();
  });

  it('403: keeps the session and the message', async () => {
    setSession(testSession({ token: 'cart-link' }));
    fetchMock.mockResolvedValue(jsonResponse(403, { status: 'error', message: 'Not yours.' }));

    const error = await rejection(callApi(thing, input));

    expect(error).toMatchObject({ kind: 'http', status: 403, message: 'Not yours.' });
    expect(getSession()?.token).toBe('cart-link');
  });

  it('404: the message, and other values of the body through detail()', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(404, { status: 'error', message: 'Link expired!', code: 'gone' }),
    );

    const error = await rejection(callApi(thing, input));

    expect(error).toMatchObject({ status: 404, message: 'Link expired!' });
    expect(error.detail('code')).toBe('gone');
    expect(error.detail('nothing')).toBeUndefined();
  });

  it('429: the server text, else the wait text', async () => {
    fetchMock
      .mockResolvedValueOnce(
        jsonResponse(429, { status: 'error', message: 'Wait 60 seconds.', resend_in: 60 }),
      )
      .mockResolvedValueOnce(jsonResponse(429, {}));

    const first = await rejection(callApi(thing, input));
    const second = await rejection(callApi(thing, input));

    expect(first).toMatchObject({ status: 429, message: 'Wait 60 seconds.' });
    expect(first.detail('resend_in')).toBe(60);
    expect(second.message).toBe(identityMessages.tooManyAttempts);
  });

  it('500 with a page that is not JSON: the generic text', async () => {
    fetchMock.mockResolvedValue({
      ok: false,
      status: 502,
      text: () => Promise.resolve('<html>Bad gateway</html>'),
    } as Response);

    const error = await rejection(callApi(thing, input));

    expect(error).toMatchObject({ kind: 'http', status: 502, message: genericErrorText });
    expect(error.body).toBeUndefined();
    expect(error.fields).toEqual([]);
  });

  it('no answer at all: a network error with the connection text', async () => {
    const cause = new TypeError('Failed to fetch');
    fetchMock.mockRejectedValue(cause);

    const error = await rejection(callApi(thing, input));

    expect(error).toMatchObject({ kind: 'network', status: 0, message: networkErrorText });
    expect(error.isNetwork).toBe(true);
    expect(error.serverMessage).toBeNull();
    expect(error.cause).toBe(cause);
  });
});

describe('callApiForBlob', () => {
  const file = defineRoute({
    method: 'get',
    path: '/api/files/:id',
    service: 'checkout',
    auth: 'patient',
    summary: 'Test file.',
    params: z.object({ id: z.string() }),
    response: z.string(),
    responseContentType: 'application/pdf',
  });

  it('answers with the bytes, asking for the route content type with the token', async () => {
    setSession(testSession({ token: 'tok' }));
    const blob = new Blob(['%PDF']);
    fetchMock.mockResolvedValue({
      ok: true,
      status: 200,
      blob: () => Promise.resolve(blob),
    } as Response);

    await expect(callApiForBlob(file, { params: { id: 'ch 1' } })).resolves.toBe(blob);

    expect(sent().url).toBe('/api/files/ch%201');
    expect(sent().headers.get('Accept')).toBe('application/pdf');
    expect(sent().headers.get('Authorization')).toBe('Bearer tok');
  });

  it('turns a refusal into the same ApiError', async () => {
    fetchMock.mockResolvedValue(jsonResponse(404, { status: 'error', message: 'No invoice.' }));

    const error = await rejection(callApiForBlob(file, { params: { id: 'x' } }));

    expect(error).toMatchObject({ kind: 'http', status: 404, message: 'No invoice.' });
  });
});

describe('errorMessage and toApiError', () => {
  it("prefers the server's message, then the fallback, then the network text", () => {
    expect(errorMessage(new ApiError({ status: 400, body: { message: 'Bad.' } }), 'F')).toBe(
      'Bad.',
    );
    expect(errorMessage(new ApiError({ status: 500, body: { message: '  ' } }), 'F')).toBe('F');
    expect(errorMessage(new TypeError('Failed to fetch'), 'F')).toBe(networkErrorText);
    expect(errorMessage(new TypeError('x'), 'F', 'N')).toBe('N');
  });

  it('treats anything thrown that is not an ApiError as no answer', () => {
    const error = toApiError('weird');
    expect(error).toMatchObject({ kind: 'network', status: 0, cause: 'weird' });
  });
});
