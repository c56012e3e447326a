/**
 * Staff logins for the journeys (issue 30: every staff account logs in with a second factor).
 * Codes come from identity's demo-second-factor.ts, the one way the tests and scripts compute a
 * demo staff member's code; it never hands out a time step twice in this process (the server
 * takes each step once per account), waiting for the clock only when two logins of one account
 * fall in the same 30 seconds. The journeys that need a staff member at work reuse one session
 * per account (checked alive first); the specs about logging in go through the page.
 */
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { isDemoStaffEmail, nextDemoSignInCode } from './demo-codes';

/** The label of the code field of the login's second step. */
export const APP_CODE_LABEL = 'Code from your app';
/** Written out (contracts' secondFactorMessages.reused): the page's text is what is tested. */
const reusedText = 'That code was already used.';

export { isDemoStaffEmail };

/** Finishes, on the page, a demo staff member's login whose password was just sent. */
export async function passSecondFactor(page: Page, email: string): Promise<void> {
  for (let tries = 0; tries < 3; tries += 1) {
    await page.getByLabel(APP_CODE_LABEL).fill(await nextDemoSignInCode(email));
    await page.getByRole('button', { name: 'Verify' }).click();
    let outcome = 'waiting';
    await expect
      .poll(async () => {
        if (!new URL(page.url()).pathname.startsWith('/login')) outcome = 'in';
        else if (await page.getByText(reusedText).isVisible()) outcome = 'reused';
        return outcome;
      })
      .not.toBe('waiting');
    if (outcome === 'in') return;
  }
}

export interface StaffSession {
  token: string;
  user: Record<string, unknown>;
}

/** A new session through the API: the password, then the code. */
export async function apiStaffSession(
  request: APIRequestContext,
  email: string,
  password: string,
): Promise<StaffSession> {
  const login = await request.post('/api/login', { data: { email, password } });
  expect(login.ok()).toBe(true);
  const { challenge } = (await login.json()) as { challenge: string };
  for (let tries = 0; tries < 3; tries += 1) {
    const code = await nextDemoSignInCode(email);
    const res = await request.post('/api/login/second-factor', { data: { challenge, code } });
    const body = (await res.json()) as StaffSession & { reason?: string };
    if (body.reason === 'code_reused') continue;
    expect(res.ok()).toBe(true);
    return { token: body.token, user: body.user };
  }
  throw new Error(`${email}: every code was refused as used`);
}

const sessions = new Map<string, StaffSession>();

/**
 * The account's session from an earlier journey while it is alive (not logged out, not idle for
 * 15 minutes of the product's clock), else a new one.
 */
export async function reusableStaffSession(
  request: APIRequestContext,
  account: { email: string; password: string },
): Promise<StaffSession> {
  const known = sessions.get(account.email);
  if (known) {
    const me = await request.get('/api/console/me', {
      headers: { authorization: `Bearer ${known.token}` },
    });
    if (me.ok()) return known;
  }
  const fresh = await apiStaffSession(request, account.email, account.password);
  sessions.set(account.email, fresh);
  return fresh;
}
