/**
 * Affiliate conversions (issue 28): a patient who arrived from an affiliate's link (`?c_id=`)
 * pays, and the marketing user, on a phone, finds that order's conversion by its opaque
 * reference with its status and attempts, and nothing about the patient or the product. The
 * e2e server has no AFFILIATE_CONVERSION_URL: nothing is sent, so the status is "Skipped".
 */
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { fillCard, fillShipping, reachCheckout } from './checkout-steps';
import { staffPage, type StaffAccount } from './clinic-steps';
import { shot } from './quiz';

const marketer: StaffAccount = {
  email: 'marketing@demo.glp-clinic.local',
  password: 'demo-marketing-2026',
  landing: '/console/conversion-funnel',
};

test('a paid order from an affiliate link appears in marketing’s affiliate conversions', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(90_000);
  const cId = `aff-e2e-${randomUUID().slice(0, 8)}`;
  await reachCheckout(page, {}, cId);
  await fillShipping(page);
  await fillCard(page, '4242 4242 4242 4242');
  const checkout = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/checkout-new');
  await page.getByRole('button', { name: 'Pay $1,349.82' }).click();
  expect(JSON.parse((await checkout).postData() ?? '{}')).toMatchObject({ c_id: cId });
  await expect(page).toHaveURL(/\/payment\/thanks\?/);

  const marketing = await staffPage(browser, baseURL!, marketer, { width: 390, height: 844 });
  await marketing.goto('/console/affiliate-conversions');
  await expect(marketing.getByRole('heading', { name: 'Affiliate conversions' })).toBeVisible();
  const row = marketing.locator('.af-row', { hasText: cId });
  await expect(row).toBeVisible();
  await expect(row.locator('code')).toHaveText(/^cv_[0-9a-f]{32}$/);
  await expect(row).toContainText('$1,349.82');
  await expect(row).toContainText('6 months');
  // No affiliate URL on this server: one attempt, stored as skipped, and no Retry.
  await expect(row.locator('.af-status')).toHaveText('Skipped');
  await expect(row.getByRole('button', { name: 'Retry' })).toHaveCount(0);
  await row.getByText('1 attempt', { exact: true }).click();
  await expect(row.locator('.af-attempts__list li')).toHaveText([
    /^#1 .* · Skipped: no affiliate URL configured$/,
  ]);
  // Marketing sees what the affiliate sees: no name, no product, no order number.
  await expect(row).not.toContainText(/Jordan|Tirzepatide|#\d{4}/);
  // The card fits the phone: nothing scrolls sideways.
  const overflow = await marketing.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await shot(marketing, 'affiliate-conversions', testInfo.project.name);
  await marketing.context().close();
});
