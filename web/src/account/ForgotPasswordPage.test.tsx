import { installFetchMock, jsonResponse, type FetchMock } from '../test-utils/fetchMock';
import type { Rendered } from '../test-utils/render';
import { ForgotPasswordPage } from './ForgotPasswordPage';
import { alertText, button, input, link, renderRoutes, submit, type } from './testing/kit';

const routes = [{ path: '/forgot-password', element: <ForgotPasswordPage /> }];

let fetchMock: FetchMock;
let view: Rendered | undefined;

beforeEach(() => {
  fetchMock = installFetchMock();
});
afterEach(async () => {
  await view?.unmount();
  view = undefined;
});

async function request(email: string) {
  view = await renderRoutes(routes, '/forgot-password');
  await type(input(view, 'Email'), email);
  await submit(view);
  return view;
}

describe('ForgotPasswordPage', () => {
  it('sends the lower-cased email with app_src 2 and shows the success text', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { status: 'success', message: 'ok' }));
    view = await request('  Ana@Example.com ');

    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/forgot-password');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ email: 'ana@example.com', app_src: 2 });
    expect(view.container.querySelector('[role="status"]')?.textContent).toBe(
      'We have emailed you a link to reset your password.',
    );
    expect(view.container.querySelector('form')).toBeNull();
  });

  it("shows the server's message on an error", async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(404, { status: 'error', message: 'No user found with that email address.' }),
    );
    view = await request('nobody@example.com');
    expect(alertText(view)).toBe('No user found with that email address.');
    expect(button(view, 'Send Reset Link').disabled).toBe(false);
  });

  it("shows the server's message on 429", async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(429, { status: 'error', message: 'Too many requests. Try later.' }),
    );
    view = await request('ana@example.com');
    expect(alertText(view)).toBe('Too many requests. Try later.');
  });

  it('has a required, limited email input and a back link to /login', async () => {
    view = await renderRoutes(routes, '/forgot-password');
    const email = input(view, 'Email');
    expect([email.required, email.maxLength, email.autocomplete]).toEqual([true, 256, 'email']);
    expect(link(view, 'Back to login')?.getAttribute('href')).toBe('/login');
  });
});
