/**
 * Staff accounts and two-factor login in Chromium (issue 30): the demo admin (at the project's
 * width) logs in with a code from their app and invites a support agent, who is on a phone: the
 * agent sets a password from the dev mailbox's link, enrols an authenticator app by typing the
 * code of the key shown, saves the recovery codes and opens the console; logged out, they log in
 * again with the app's next code (the one already used is refused), and once with a recovery code.
 */
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { totpCodeForStep, totpStepAt } from './demo-codes';
import { APP_CODE_LABEL } from './staff-login';
import { logIn, passwordLink, waitForApp } from './support';

const admin = { email: 'admin@demo.glp-clinic.local', password: 'demo-admin-2026' };

test('an admin invites a staff member who sets a password, enrols an app and logs in with codes', async ({
  page,
  browser,
  baseURL,
  request,
}, testInfo) => {
  test.setTimeout(90_000);
  const shot = (name: string, p = page) =>
    p.screenshot({
      path: `test-results/screenshots/${testInfo.project.name}-staff-${name}.png`,
      fullPage: true,
    });

  // The admin, with the code from their app.
  await page.goto('/login');
  await waitForApp(page);
  await logIn(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/console\//);
  await page.goto('/console/staff-accounts');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Staff accounts');
  // At phone width the rows are cards: found by their elements rather than table roles.
  await expect(page.locator('table.sa-table')).toContainText(admin.email);

  const email = `agent.${randomUUID().slice(0, 8)}@example.com`;
  const invite = page.getByRole('form', { name: 'Invite a staff member' });
  await invite.getByLabel('Email').fill(email);
  await invite.getByLabel('First name').fill('Robin');
  await invite.getByLabel('Last name').fill('Agent');
  await invite.getByLabel('Role').selectOption('support');
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText('Invitation sent.')).toBeVisible();
  const row = page.locator('table.sa-table tr', { hasText: email });
  await expect(row).toContainText('Invited, no password yet');
  await shot('invited');

  // The invitee, on their own phone.
  const phone = await browser.newContext({
    baseURL,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const agent = await phone.newPage();
  await agent.goto(await passwordLink(request, email));
  await waitForApp(agent);
  await agent.getByLabel('New password', { exact: true }).fill('a-staff-password-1');
  await agent.getByLabel('Confirm new password').fill('a-staff-password-1');
  await agent.getByRole('button', { name: 'Save Password' }).click();
  await expect(agent).toHaveURL(/\/login$/, { timeout: 15_000 });

  await waitForApp(agent);
  await agent.getByLabel('Email').fill(email);
  await agent.getByLabel('Password', { exact: true }).fill('a-staff-password-1');
  await agent.getByRole('button', { name: 'Log In' }).click();
  await expect(agent.getByRole('heading', { level: 1 })).toHaveText('Set Up Two-Factor Login');
  await expect(agent.getByRole('img', { name: /QR code/ })).toBeVisible();
  // Shown in groups of four for typing; the app takes it without the spaces.
  const shown = (await agent.getByLabel('Setup key').textContent()) ?? '';
  expect(shown).toMatch(/^[A-Z2-7]{4}( [A-Z2-7]{4}){7}$/);
  const key = shown.replace(/ /g, '');
  await shot('enrol', agent);
  const enrolStep = totpStepAt(Date.now());
  await agent.getByLabel(APP_CODE_LABEL).fill(totpCodeForStep(key, enrolStep));
  await agent.getByRole('button', { name: 'Turn on two-factor login' }).click();
  const codes = agent.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const recoveryCode = (await codes.first().textContent()) ?? '';
  await shot('recovery-codes', agent);
  await agent.getByRole('button', { name: 'I saved my codes, continue' }).click();
  await expect(agent).toHaveURL(/\/console\/chat-inbox$/);

  // Logged out, back in with the app's next code; a code used already is refused.
  const logInAgain = async () => {
    await agent.getByRole('button', { name: 'Log Out' }).click();
    await waitForApp(agent);
    await agent.getByLabel('Email').fill(email);
    await agent.getByLabel('Password', { exact: true }).fill('a-staff-password-1');
    await agent.getByRole('button', { name: 'Log In' }).click();
    await expect(agent.getByLabel(APP_CODE_LABEL)).toBeVisible();
  };
  await logInAgain();
  await agent.getByLabel(APP_CODE_LABEL).fill(totpCodeForStep(key, enrolStep));
  await agent.getByRole('button', { name: 'Verify' }).click();
  await expect(agent.getByRole('alert')).toHaveText(
    'That code was already used. Wait for your app to show a new code, then enter it.',
  );
  await shot('code-reused', agent);
  await agent.getByLabel(APP_CODE_LABEL).fill(totpCodeForStep(key, enrolStep + 1));
  await agent.getByRole('button', { name: 'Verify' }).click();
  await expect(agent).toHaveURL(/\/console\/chat-inbox$/);

  // And with a recovery code instead of the app.
  await logInAgain();
  await agent.getByRole('button', { name: 'Use a recovery code' }).click();
  await agent.getByLabel('Recovery code').fill(recoveryCode);
  await agent.getByRole('button', { name: 'Verify' }).click();
  await expect(agent).toHaveURL(/\/console\/chat-inbox$/);
  await phone.close();

  // The admin's list shows the agent with two-factor login on.
  await page.reload();
  await expect(page.locator('table.sa-table tr', { hasText: email })).toContainText('On');
});
