/**
 * The one audit trail in the admin console (issue 30): the admin (the demo admin account, at the
 * project's width: 390 px on the phone) reads the privacy requests (a line on identity's trail),
 * then finds that read in the audit trail filtered by action, with where it was recorded, and
 * downloads the same filtered list as CSV.
 */
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { staffPage, type StaffAccount } from './clinic-steps';
import { shot } from './quiz';

const admin: StaffAccount = {
  email: 'admin@demo.glp-clinic.local',
  password: 'demo-admin-2026',
  landing: '/console/review-queue',
};

test('an admin filters the audit trail by action and downloads it as CSV', async ({
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(60_000);
  const project = testInfo.project.name;
  const viewport = testInfo.project.use.viewport ?? { width: 390, height: 844 };
  const desk = await staffPage(browser, baseURL!, admin, viewport);

  await desk.goto('/console/privacy-requests');
  await expect(desk.getByRole('heading', { level: 1, name: 'Privacy requests' })).toBeVisible();

  await desk.goto('/console/audit-trail');
  await expect(desk.getByRole('heading', { level: 1, name: 'Audit trail' })).toBeVisible();
  const filters = desk.getByRole('form', { name: 'Filter the audit trail' });
  await filters.getByLabel('Action').selectOption('privacy-request.list');
  const today = new Date().toISOString().slice(0, 10);
  await filters.getByLabel('From (UTC)').fill(today);
  const filtered = desk.waitForResponse((r) =>
    r.url().includes('/api/console/audit?action=privacy-request.list'),
  );
  await filters.getByRole('button', { name: 'Filter' }).click();
  expect((await filtered).status()).toBe(200);
  const rows = desk.locator('table[aria-label="Audit trail"] tbody tr');
  await expect(rows.first()).toBeVisible();
  await expect(rows.first().locator('td[data-label="Where"]')).toHaveText('Accounts');
  await expect(rows.first().locator('td[data-label="Action"]')).toHaveText(
    'Read the privacy requests',
  );
  await expect(rows.first().locator('td[data-label="Staff"]')).toContainText('Admin');
  // The list fits the screen: nothing scrolls sideways on a phone.
  const overflow = await desk.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await shot(desk, 'audit-trail', project);

  const download = desk.waitForEvent('download');
  await desk.getByRole('button', { name: 'Download CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`audit-trail-${today}.csv`);
  const lines = (await readFile((await file.path())!, 'utf8')).trim().split('\r\n');
  expect(lines[0]).toBe(
    'time_utc,service,staff_id,staff_name,staff_role,action,patient_id,order_id,subject,refs,ip',
  );
  expect(lines.length).toBeGreaterThan(1);
  for (const line of lines.slice(1)) expect(line).toContain(',identity,');
  expect(lines.slice(1).every((l) => l.includes(',privacy-request.list,'))).toBe(true);
  await desk.context().close();
});
