/**
 * Logging in and out and recovering a password as a patient does it (spec 000 sections 2, 4, 5
 * and 8), against the demo accounts single-node seeds and the dev mailbox.
 */
import { expect, test } from '@playwright/test';
import { quizPatient } from './patients';
import {
  DEMO_PATIENT,
  SESSION_KEY,
  logIn,
  loginPage,
  passwordLink,
  readStorage,
  waitForApp,
} from './support';

test('a patient logs in, sees the portal, logs out and is asked to log in again', async ({
  page,
  baseURL,
}, testInfo) => {
  await page.goto('/login');
  await waitForApp(page);
  await page.screenshot({ path: `test-results/screenshots/${testInfo.project.name}-login.png` });
  await logIn(page, DEMO_PATIENT.email.toUpperCase(), 'not the password');
  await expect(page.getByRole('alert')).toHaveText(
    'Email or password entered is incorrect. Please try again or reset your password.',
  );

  await logIn(page, DEMO_PATIENT.email.toUpperCase(), DEMO_PATIENT.password);
  await expect(page).toHaveURL(`${baseURL}/home`);
  await expect(page.getByRole('heading', { name: 'Welcome, Pat!' })).toBeVisible();
  await page.screenshot({ path: `test-results/screenshots/${testInfo.project.name}-home.png` });
  const { token } = JSON.parse((await readStorage(page, SESSION_KEY)) ?? '{}') as {
    token: string;
  };

  // A logged-in visitor going to /login is sent to the portal.
  await page.goto('/login');
  await expect(page).toHaveURL(`${baseURL}/home`);

  await page.getByRole('button', { name: 'Log Out' }).click();
  await expect(loginPage(page)).toBeVisible();
  expect(await readStorage(page, SESSION_KEY)).toBeNull();
  // The server revoked the session: the old token is refused.
  const afterLogout = await page.request.get('/api/logout', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(afterLogout.status()).toBe(401);

  await page.goto('/home');
  await expect(page).toHaveURL(`${baseURL}/login?page_ref=%2Fhome`);
});

test('login returns to the page that asked for it (page_ref)', async ({ page, baseURL }) => {
  await page.goto('/medical-form?ref=email');
  await waitForApp(page);
  await expect(loginPage(page)).toBeVisible();
  await logIn(page, DEMO_PATIENT.email, DEMO_PATIENT.password);
  await expect(page).toHaveURL(`${baseURL}/medical-form?ref=email`);
});

test('a patient sets a password from the emailed link, and the link works once', async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  const email = await quizPatient(request, 'recover');
  const welcome = await passwordLink(request, email, 0);

  // Forgot password: the same answer as for any email, and a new link in the mailbox.
  await page.goto('/forgot-password');
  await waitForApp(page);
  await page.getByLabel('Email').fill(email.toUpperCase());
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByText('We have emailed you a link to reset your password.')).toBeVisible();
  const reset = await passwordLink(request, email, 1);
  expect(reset).not.toBe(welcome);

  await page.goto(reset);
  await waitForApp(page);
  await page.getByLabel('New password', { exact: true }).fill('a-new-password-1');
  await page.getByLabel('Confirm new password').fill('a-new-password-2');
  await expect(page.getByText('Passwords do not match!')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save Password' })).toBeDisabled();
  await page.screenshot({ path: `test-results/screenshots/${testInfo.project.name}-reset.png` });
  await page.getByLabel('Confirm new password').fill('a-new-password-1');
  await page.getByRole('button', { name: 'Save Password' }).click();
  await expect(page.getByText('Password changed successfully.')).toBeVisible();
  await expect(loginPage(page)).toBeVisible({ timeout: 5000 });

  await logIn(page, email, 'a-new-password-1');
  await expect(page).toHaveURL(`${baseURL}/home`);

  // The used link is dead.
  await page.getByRole('button', { name: 'Log Out' }).click();
  await expect(loginPage(page)).toBeVisible();
  await page.goto(reset);
  await page.getByLabel('New password', { exact: true }).fill('yet-another-password');
  await page.getByLabel('Confirm new password').fill('yet-another-password');
  await page.getByRole('button', { name: 'Save Password' }).click();
  await expect(page.getByText('Link expired!')).toBeVisible();
});

test("/login's first screen asks for no login contract: the form's first focus fetches it", async ({
  page,
}) => {
  const contract: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (/^\/assets\/loginContract-[\w-]+\.js$/.test(pathname)) contract.push(pathname);
  });
  await page.goto('/login');
  await waitForApp(page);
  await expect(page.getByRole('heading', { name: 'Log In' })).toBeVisible();
  await page.waitForTimeout(500);
  expect(contract).toEqual([]);

  await page.getByLabel('Email').focus();
  await expect.poll(() => contract.length).toBe(1);
});
