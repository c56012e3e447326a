/**
 * The console's automatic log-off (HIPAA 164.312(a)(2)(iii)) in Chromium, with the page's clock
 * moved instead of waiting: at 14 idle minutes the warning counts down from 60 seconds; "Stay
 * signed in" asks the server once and starts the 15 minutes again; at 15 minutes the person is
 * signed out (the stored session gone, the server refusing its token) and lands on the login page
 * with the notice.
 */
import { randomInt } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { SESSION_KEY, logIn, loginPage, readStorage, waitForApp } from './support';

// Login counts attempts per client address: this journey is a client of its own.
test.beforeEach(async ({ context }) => {
  const address = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
  await context.setExtraHTTPHeaders({ 'X-Forwarded-For': address });
});

test('an idle console warns a minute before, can be kept, and signs its person out at 15 minutes', async ({
  page,
  request,
}) => {
  await page.clock.install();
  await page.goto('/login');
  await waitForApp(page);
  await logIn(page, 'support@demo.glp-clinic.local', 'demo-support-2026');
  await expect(page).toHaveURL(/\/console\/chat-inbox$/);
  await expect(page.getByTestId('console-staff')).toBeVisible();
  const stored = await readStorage(page, SESSION_KEY);
  const { token } = JSON.parse(stored ?? '{}') as { token: string };

  const warning = page.getByRole('alertdialog', { name: 'Are you still there?' });
  await page.clock.fastForward('13:50');
  await expect(warning).toHaveCount(0);
  await page.clock.fastForward('00:10');
  await expect(warning).toBeVisible();
  await expect(warning).toContainText('You will be signed out in 60 seconds');
  await page.clock.runFor(5000);
  await expect(warning).toContainText('You will be signed out in 55 seconds');

  const kept = page.waitForResponse(
    (r) => r.url().endsWith('/api/console/activity') && r.request().method() === 'POST',
  );
  await warning.getByRole('button', { name: 'Stay signed in' }).click();
  expect((await kept).status()).toBe(200);
  await expect(warning).toHaveCount(0);

  await page.clock.fastForward('13:59');
  await expect(warning).toHaveCount(0);
  await page.clock.fastForward('00:01');
  await expect(warning).toBeVisible();
  await page.clock.fastForward('01:00');

  await expect(loginPage(page)).toBeVisible();
  await expect(page).toHaveURL(/\/login\?notice=/);
  await expect(
    page.getByText('You were signed out after 15 minutes without activity.'),
  ).toBeVisible();
  expect(await readStorage(page, SESSION_KEY)).toBeNull();
  const refused = await request.get('/api/console/me', {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(refused.status()).toBe(401);
});
