/**
 * Privacy requests in the admin console (issue 30): a visitor sends a request from the CCPA
 * Opt-Out page, and the admin (the demo admin account, at the project's width: 390 px on the
 * phone) finds it by its reference with its kind, the requester, the due date 45 days on and its
 * state, marks it verified, then done with a note of what was done.
 */
import { expect, test } from '@playwright/test';
import { staffPage, type StaffAccount } from './clinic-steps';
import { shot } from './quiz';
import { waitForApp } from './support';

const admin: StaffAccount = {
  email: 'admin@demo.glp-clinic.local',
  password: 'demo-admin-2026',
  landing: '/console/review-queue',
};

test('an admin verifies a visitor’s privacy request, then marks it done with a note', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(60_000);
  const project = testInfo.project.name;
  const name = `Rosa Quintero ${project}`;
  const email = `privacy-desk-${project}-${Date.now()}@example.com`;

  await page.goto('/legal/ccpa-opt-out');
  await waitForApp(page);
  const form = page.getByRole('form', { name: 'Privacy request' });
  await form.getByLabel('Full name').fill(name);
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('State of residence').selectOption('TX');
  await form.getByRole('radio', { name: /Delete my personal information/ }).check();
  await form.getByLabel(/^Details/).fill('Please delete my quiz answers.');
  await form.getByRole('checkbox', { name: /I am the consumer named above/ }).check();
  const answer = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/privacy-request');
  await form.getByRole('button', { name: 'Send request' }).click();
  const { reference } = (await (await answer).json()) as { reference: string };
  await expect(page.getByTestId('privacy-reference')).toHaveText(reference);

  const viewport = testInfo.project.use.viewport ?? { width: 390, height: 844 };
  const desk = await staffPage(browser, baseURL!, admin, viewport);
  await desk.goto('/console/privacy-requests');
  await expect(desk.getByRole('heading', { level: 1, name: 'Privacy requests' })).toBeVisible();
  const row = desk.locator(`.pv-row[data-reference="${reference}"]`);
  await expect(row).toBeVisible();
  await expect(row.locator('.pv-row__kind')).toHaveText('Delete');
  await expect(row.locator('.pv-row__who')).toContainText(name);
  await expect(row.locator('.pv-row__who')).toContainText(`TX · ${email}`);
  await expect(row.locator('.pv-row__left')).toHaveText('45 days left');
  await expect(row.locator('.pv-state')).toHaveText(['Received']);
  // The list fits the screen: nothing scrolls sideways on a phone.
  const overflow = await desk.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await shot(desk, 'privacy-requests', project);

  await row.getByRole('button', { name: 'Mark verified' }).click();
  const dialog = desk.getByRole('dialog');
  await expect(dialog).toContainText(`Mark ${reference} verified?`);
  await dialog.getByRole('button', { name: 'Mark verified' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(row.locator('.pv-state')).toHaveText(['Verified']);
  await expect(row).toContainText('Verified by Alex Admin');

  await row.getByRole('button', { name: 'Mark done' }).click();
  await dialog.getByRole('button', { name: 'Mark done' }).click();
  await expect(dialog).toContainText('Say what was sent or done before closing the request.');
  await dialog
    .getByLabel('What was sent or done')
    .fill('Deleted the quiz answers and the lead record; emailed Rosa to confirm.');
  await shot(desk, 'privacy-close-dialog', project);
  await dialog.getByRole('button', { name: 'Mark done' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(row.locator('.pv-state')).toHaveText(['Done']);
  await expect(row.locator('.pv-note')).toContainText('Deleted the quiz answers');
  await expect(row.getByRole('button')).toHaveCount(0);

  await desk.getByRole('tab', { name: /^Done/ }).click();
  await expect(desk).toHaveURL(/\/console\/privacy-requests\?state=done$/);
  await expect(row).toBeVisible();
  await shot(desk, 'privacy-requests-done', project);
  await desk.context().close();
});
