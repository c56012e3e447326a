import { installFetchMock, jsonResponse, type FetchMock } from '../test-utils/fetchMock';
import { SESSION_KEY, getSession, setSession } from '../session/session';
import { ApiError, apiFetch } from './client';

let fetchMock: FetchMock;

function sentHeaders(call = 0): Headers {
  return new Headers(fetchMock.mock.calls[call]![1]?.headers);
}

beforeEach(() => {
  localStorage.clear();
  fetchMock = installFetchMock();
});

describe('apiFetch', () => {
  it('attaches the bearer token of the stored session', async () => {
    setSession({ token: 'tok-123', user: { id: 7 } });
    fetchMock.mockResolvedValue(jsonResponse(200, { status: 'success' }));

    await apiFetch('/api/subscription-items');

    expect(fetchMock.mock.calls[0]![0]).toBe('/api/subscription-items');
    expect(sentHeaders().get('Authorization')).toBe('Bearer tok-123');
  });

  it('sends no Authorization header without a session', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { status: 'success' }));

    await apiFetch('/api/get-all-products');

    expect(sentHeaders().has('Authorization')).toBe(false);
  });

  it('returns the parsed JSON body', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { status: 'success', id: 42 }));

    await expect(apiFetch('/forms/save-cart')).resolves.toEqual({ status: 'success', id: 42 });
  });

  it('sends `json` as a JSON body', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { status: 'success' }));

    await apiFetch('/api/login', { method: 'POST', json: { email: 'a@b.co', password: 'pw' } });

    const init = fetchMock.mock.calls[0]![1]!;
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"email":"a@b.co","password":"pw"}');
    expect(sentHeaders().get('Content-Type')).toBe('application/json');
  });

  it('throws an ApiError with the status and the body message on a non-2xx answer', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(422, { status: 'error', message: 'No user found with that email address.' }),
    );

    const failure = apiFetch('/api/forgot-password', { method: 'POST', json: { email: 'x@y.z' } });

    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({
      status: 422,
      message: 'No user found with that email address.',
      body: { status: 'error', message: 'No user found with that email address.' },
    });
  });

  it('uses a generic message when the error body has none', async () => {
    fetchMock.mockResolvedValue({
      ok: false,
      status: 502,
      text: () => Promise.resolve('<html>Bad gateway</html>'),
    } as Response);

    await expect(apiFetch('/api/x')).rejects.toMatchObject({
      status: 502,
      message: 'Request failed with status 502',
    });
  });

  it('forgets the session when the server rejects its token (401)', async () => {
    setSession({ token: 'revoked', user: { id: 7 } });
    fetchMock.mockResolvedValue(jsonResponse(401, { status: 'error', message: 'Unauthorized' }));

    await expect(apiFetch('/api/subscription-items')).rejects.toMatchObject({ status: 401 });
    expect(getSession()).toBeNull();
    expect(localStorage.getItem(SESSION_KEY)).toBeNull();
  });
});
