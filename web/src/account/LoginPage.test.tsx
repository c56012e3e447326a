import { act } from 'react';
import {
  identityMessages,
  idleSignOutNotice,
  loginCodeMessages,
  secondFactorMessages,
} from '@clinic/contracts';
import { GuestOnly, RequireAuth } from '../session/RequireAuth';
import { getSession, setSession } from '../session/session';
import { installFetchMock, jsonResponse, type FetchMock } from '../test-utils/fetchMock';
import type { Rendered } from '../test-utils/render';
import { networkErrorText } from '../api/client';
import { LoginPage, cartLinkLoginNotice } from './LoginPage';
import {
  alertText,
  button,
  input,
  link,
  renderRoutes,
  settle,
  Stub,
  submit,
  type,
  where,
} from './testing/kit';
import { testSession, testUser } from '../test-utils/session';

const routes = [
  {
    path: '/login',
    element: (
      <GuestOnly>
        <LoginPage />
      </GuestOnly>
    ),
  },
  {
    element: <RequireAuth />,
    children: [
      { path: '/home', element: <Stub name="portal" /> },
      { path: '/medical-form/:id', element: <Stub name="medical-form" /> },
    ],
  },
  {
    element: <RequireAuth audience="staff" />,
    children: [
      { path: '/console', element: <Stub name="console" /> },
      { path: '/console/:section', element: <Stub name="console" /> },
    ],
  },
];

const user = testUser({ id: 7, first_name: 'Ana', email: 'ana@example.com' });
const success = { status: 'success', message: 'Login successful.', token: 'tok-1', user };

let fetchMock: FetchMock;
let view: Rendered | undefined;

beforeEach(() => {
  localStorage.clear();
  fetchMock = installFetchMock();
});
afterEach(async () => {
  await view?.unmount();
  view = undefined;
});

async function logIn(path: string, email = ' Ana@Example.COM ', password = 'Secret-123') {
  view = await renderRoutes(routes, path);
  await type(input(view, 'Email'), email);
  await type(input(view, 'Password'), password);
  await submit(view);
  return view;
}

function sentBody(): unknown {
  const [, init] = fetchMock.mock.calls[0]!;
  return JSON.parse(String(init?.body));
}

describe('LoginPage', () => {
  it('sends the trimmed, lower-cased email, stores the session and opens page_ref', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, success));
    const pageRef = encodeURIComponent('/medical-form/5?type=medical');
    view = await logIn(`/login?page_ref=${pageRef}`);

    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/login');
    expect(init?.method).toBe('POST');
    expect(sentBody()).toEqual({ email: 'ana@example.com', password: 'Secret-123' });
    expect(getSession()).toEqual({ token: 'tok-1', user });
    // page_ref wins over GuestOnly's redirect to /home
    expect(where(view)).toBe('/medical-form/5?type=medical');
    expect(view.container.querySelector('[data-testid="stub"]')?.textContent).toBe('medical-form');
    // the header learnt about the session
    expect(button(view, 'Log Out')).toBeTruthy();
  });

  it('goes to /home without page_ref', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, success));
    view = await logIn('/login');
    expect(where(view)).toBe('/home');
    expect(getSession()?.token).toBe('tok-1');
  });

  it.each(['//evil.com', '/\\evil.com', 'https://evil.com/x', '/\t/evil.com'])(
    'ignores the unsafe page_ref %j and goes to /home',
    async (pageRef) => {
      fetchMock.mockResolvedValue(jsonResponse(200, success));
      view = await logIn(`/login?page_ref=${encodeURIComponent(pageRef)}`);
      expect(where(view)).toBe('/home');
    },
  );

  it('shows the incorrect-password text on 401 and stores nothing', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(401, { status: 'error', message: 'Invalid credentials' }),
    );
    view = await logIn('/login');

    expect(alertText(view)).toBe(
      'Email or password entered is incorrect. Please try again or reset your password.',
    );
    expect(alertText(view)).toBe(identityMessages.loginFailed);
    expect(getSession()).toBeNull();
    expect(where(view)).toBe('/login');
    expect(button(view, 'Log In').disabled).toBe(false);
  });

  describe('past the account’s failure limit', () => {
    const codeNeeded = jsonResponse(401, {
      status: 'error',
      message: loginCodeMessages.needed,
      reason: 'login_code_needed',
    });

    it('asks for the code emailed to the owner, then logs in with it and the password', async () => {
      fetchMock.mockResolvedValueOnce(codeNeeded).mockResolvedValueOnce(jsonResponse(200, success));
      view = await logIn('/login');
      expect(view.container.querySelector('.form-message--info')?.textContent).toBe(
        loginCodeMessages.needed,
      );
      expect(alertText(view)).toBeFalsy();
      const code = input(view, 'Code from our email');
      expect([code.inputMode, code.autocomplete, code.maxLength]).toEqual([
        'numeric',
        'one-time-code',
        6,
      ]);
      await type(code, ' 123 456 ');
      await submit(view);
      const [, init] = fetchMock.mock.calls[1]!;
      expect(JSON.parse(String(init?.body))).toEqual({
        email: 'ana@example.com',
        password: 'Secret-123',
        code: '123456',
      });
      expect(getSession()?.token).toBe('tok-1');
      expect(where(view)).toBe('/home');
    });

    it('says when the code is not right, and sends a new one on request', async () => {
      fetchMock
        .mockResolvedValueOnce(codeNeeded)
        .mockResolvedValueOnce(
          jsonResponse(401, {
            status: 'error',
            message: loginCodeMessages.wrong,
            reason: 'login_code_wrong',
          }),
        )
        .mockResolvedValueOnce(codeNeeded);
      view = await logIn('/login');
      await type(input(view, 'Code from our email'), '000000');
      await submit(view);
      expect(alertText(view)).toBe(loginCodeMessages.wrong);
      expect(getSession()).toBeNull();

      await act(async () => button(view!, 'Email me a new code').click());
      await settle();
      const [, init] = fetchMock.mock.calls[2]!;
      expect(JSON.parse(String(init?.body))).toEqual({
        email: 'ana@example.com',
        password: 'Secret-123',
      });
      expect(input(view, 'Code from our email').value).toBe('');
      expect(alertText(view)).toBeFalsy();
    });
  });

  it("shows the server's message on 429", async () => {
    const message = 'Too many attempts. Please wait 15 minutes and try again.';
    fetchMock.mockResolvedValue(jsonResponse(429, { status: 'error', message }));
    view = await logIn('/login');
    expect(alertText(view)).toBe(message);
  });

  it("shows the server's message for a 2xx without status 'success'", async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { status: 'error', message: 'Account locked.' }));
    view = await logIn('/login');
    expect(alertText(view)).toBe('Account locked.');
    expect(getSession()).toBeNull();
  });

  it('shows a retry text when the server cannot be reached', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    view = await logIn('/login');
    expect(alertText(view)).toBe(networkErrorText);
  });

  it('disables the button while sending', async () => {
    let answer: (r: Response) => void = () => {};
    fetchMock.mockReturnValue(new Promise<Response>((resolve) => (answer = resolve)));
    view = await logIn('/login');

    expect(button(view, 'Logging In...').disabled).toBe(true);
    answer(jsonResponse(401, { status: 'error', message: 'x' }));
    await settle();
    expect(button(view, 'Log In').disabled).toBe(false);
  });

  it("shows no notice whose text is not one of the clinic's own", async () => {
    view = await renderRoutes(
      routes,
      `/login?notice=${encodeURIComponent('Your account is locked. Call 555-0100 to unlock it.')}`,
    );
    expect(view.container.querySelector('.form-message--info')).toBeNull();
  });

  it('tells a staff member the console signed out after 15 idle minutes why they are here', async () => {
    view = await renderRoutes(routes, `/login?notice=${encodeURIComponent(idleSignOutNotice)}`);
    expect(view.container.querySelector('.form-message--info')?.textContent).toBe(
      'You were signed out after 15 minutes without activity.',
    );
  });

  it('shows the notice query parameter above the form', async () => {
    const notice =
      'You already have an account with this email address. Please log in to continue.';
    view = await renderRoutes(routes, `/login?notice=${encodeURIComponent(notice)}`);
    const note = view.container.querySelector('.form-message--info');
    expect(note?.textContent).toBe(notice);
    expect(note?.compareDocumentPosition(view.container.querySelector('form')!)).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
  });

  it("tells a checkout link's holder why the account needs a login", async () => {
    setSession({
      token: 'link',
      user: { id: 42, first_name: 'Ana', role: 'patient', session_scope: 'cart' },
    });
    view = await renderRoutes(routes, '/login?page_ref=%2Fhome');
    expect(view.container.querySelector('.form-message--info')?.textContent).toBe(
      cartLinkLoginNotice,
    );
  });

  it('has labelled inputs with limits and links to the quiz and forgot password', async () => {
    view = await renderRoutes(routes, '/login');
    const email = input(view, 'Email');
    const password = input(view, 'Password');
    expect([email.required, email.maxLength, email.autocomplete]).toEqual([true, 256, 'email']);
    expect([password.required, password.maxLength, password.autocomplete]).toEqual([
      true,
      256,
      'current-password',
    ]);
    expect(link(view, 'Take the quiz to get started')?.getAttribute('href')).toBe('/quiz');
    expect(link(view, 'Forgot your password?')?.getAttribute('href')).toBe('/forgot-password');
  });

  describe('where each kind of account lands', () => {
    const asRole = (role: string) => ({ ...success, user: { ...user, role } });
    const stub = (v: Rendered) => v.container.querySelector('[data-testid="stub"]')?.textContent;

    it.each(['clinician', 'support', 'pharmacy', 'marketing', 'admin'])(
      'sends %s staff to the console',
      async (role) => {
        fetchMock.mockResolvedValue(jsonResponse(200, asRole(role)));
        view = await logIn('/login');
        expect(where(view)).toBe('/console');
        expect(stub(view)).toBe('console');
      },
    );

    it('sends staff to the console even when page_ref is a patient page', async () => {
      fetchMock.mockResolvedValue(jsonResponse(200, asRole('clinician')));
      view = await logIn(`/login?page_ref=${encodeURIComponent('/medical-form/5?type=medical')}`);
      expect(where(view)).toBe('/console');
    });

    it('sends staff back to the console page that asked for the login', async () => {
      fetchMock.mockResolvedValue(jsonResponse(200, asRole('admin')));
      view = await logIn(`/login?page_ref=${encodeURIComponent('/console/coupons')}`);
      expect(where(view)).toBe('/console/coupons');
    });

    it('sends a patient to the portal, also when page_ref points into the console', async () => {
      fetchMock.mockResolvedValue(jsonResponse(200, asRole('patient')));
      view = await logIn(`/login?page_ref=${encodeURIComponent('/console/review-queue')}`);
      expect(where(view)).toBe('/home');
      expect(stub(view)).toBe('portal');
    });
  });

  it('sends a logged-in visitor to /home (GuestOnly)', async () => {
    setSession(testSession({ token: 't', id: 1 }));
    view = await renderRoutes(routes, '/login');
    expect(where(view)).toBe('/home');
  });

  describe('a staff member’s second factor', () => {
    const staff = testUser({ id: 9, first_name: 'Casey', role: 'clinician', is_admin: 0 });
    const staffSession = {
      status: 'success',
      message: 'Login successful.',
      token: 'tok-9',
      user: staff,
    };
    const asked = (next: 'code' | 'enrol') =>
      jsonResponse(200, {
        status: 'second_factor',
        message:
          next === 'code' ? secondFactorMessages.codeNeeded : secondFactorMessages.enrolNeeded,
        challenge: 'challenge-1',
        next,
      });
    const bodyOf = (call: number) => JSON.parse(String(fetchMock.mock.calls[call]![1]?.body));

    it('asks for the code from the app after the password, and logs in with it', async () => {
      fetchMock
        .mockResolvedValueOnce(asked('code'))
        .mockResolvedValueOnce(
          jsonResponse(401, {
            status: 'error',
            message: secondFactorMessages.reused,
            reason: 'code_reused',
          }),
        )
        .mockResolvedValueOnce(jsonResponse(200, staffSession));
      view = await logIn('/login');
      expect(getSession()).toBeNull();
      const code = input(view, 'Code from your app');
      expect([code.inputMode, code.autocomplete]).toEqual(['numeric', 'one-time-code']);
      await type(code, '123456');
      await submit(view);
      expect(fetchMock.mock.calls[1]![0]).toBe('/api/login/second-factor');
      expect(bodyOf(1)).toEqual({ challenge: 'challenge-1', code: '123456' });
      expect(alertText(view)).toBe(secondFactorMessages.reused);
      expect(getSession()).toBeNull();
      await type(input(view, 'Code from your app'), '654321');
      await submit(view);
      expect(getSession()).toEqual({ token: 'tok-9', user: staff });
      expect(where(view)).toBe('/console');
    });

    it('takes a recovery code instead', async () => {
      fetchMock
        .mockResolvedValueOnce(asked('code'))
        .mockResolvedValueOnce(jsonResponse(200, staffSession));
      view = await logIn('/login');
      await act(async () => button(view!, 'Use a recovery code').click());
      await type(input(view, 'Recovery code'), 'ABCDE-FGHJK');
      await submit(view);
      expect(bodyOf(1)).toEqual({ challenge: 'challenge-1', recovery_code: 'abcdefghjk' });
      expect(where(view)).toBe('/console');
    });

    it('enrols an app first: QR code and key, a first code, the recovery codes once', async () => {
      const codes = Array.from({ length: 10 }, (_, i) => `abcd${i}-efgh${i}`);
      fetchMock
        .mockResolvedValueOnce(asked('enrol'))
        .mockResolvedValueOnce(
          jsonResponse(200, {
            otpauth_uri: 'otpauth://totp/GLP%20Clinic:casey?secret=KEY',
            secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
            qr_code: 'data:image/png;base64,AAAA',
          }),
        )
        .mockResolvedValueOnce(jsonResponse(200, { ...staffSession, recovery_codes: codes }));
      view = await logIn('/login');
      await settle();
      expect(fetchMock.mock.calls[1]![0]).toBe('/api/login/enrolment');
      expect(view.container.querySelector('h1')?.textContent).toBe('Set Up Two-Factor Login');
      expect(view.container.querySelector('img')?.getAttribute('src')).toBe(
        'data:image/png;base64,AAAA',
      );
      expect(view.container.textContent).toContain('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
      await type(input(view, 'Code from your app'), '123456');
      await submit(view);
      expect(bodyOf(2)).toEqual({ challenge: 'challenge-1', code: '123456' });
      // The codes are shown before the session opens the console.
      expect([...view.container.querySelectorAll('li code')].map((c) => c.textContent)).toEqual(
        codes,
      );
      expect(where(view)).toBe('/login');
      await act(async () => button(view!, 'I saved my codes, continue').click());
      await settle();
      expect(getSession()).toEqual({ token: 'tok-9', user: staff });
      expect(where(view)).toBe('/console');
    });

    it('sends back to the password when the challenge ran out', async () => {
      fetchMock.mockResolvedValueOnce(asked('code')).mockResolvedValueOnce(
        jsonResponse(401, {
          status: 'error',
          message: secondFactorMessages.expired,
          reason: 'challenge_expired',
        }),
      );
      view = await logIn('/login');
      await type(input(view, 'Code from your app'), '123456');
      await submit(view);
      expect(alertText(view)).toBe(secondFactorMessages.expired);
      await act(async () => button(view!, 'Log in again').click());
      expect(input(view, 'Password').value).toBe('Secret-123');
      expect(button(view, 'Log In').disabled).toBe(false);
    });
  });
});
