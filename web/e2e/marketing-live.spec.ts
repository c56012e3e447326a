/**
 * Marketing's live conversions and funnel (issue 28): the marketing user keeps the live feed
 * open in one browser while a patient from a campaign link pays in another; the payment appears
 * in the feed without a reload, and the funnel grouped by campaign counts that campaign's visit,
 * lead and payment, as "<11" (one person is a small cell).
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

test('a purchase in one browser appears in the marketing feed open in another, and in the funnel', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(90_000);
  const phone = testInfo.project.name === 'phone';
  const viewport = phone ? { width: 390, height: 844 } : { width: 1280, height: 900 };
  const marketing = await staffPage(browser, baseURL!, marketer, viewport);
  await marketing.goto('/console/live-conversions');
  await expect(marketing.getByRole('status')).toHaveText('Live');

  const campaign = `e2e-${randomUUID().slice(0, 8)}`;
  await reachCheckout(page, {}, `aff-${campaign}`, campaign);
  await fillShipping(page);
  await fillCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Pay $1,349.82' }).click();
  await expect(page).toHaveURL(/\/payment\/thanks\?/);

  // The feed, open all along, shows the payment with its campaign: no reload.
  const paid = marketing.locator('.mk-feed__item', { hasText: campaign }).filter({
    has: marketing.locator('.mk-feed__step', { hasText: /^Paid$/ }),
  });
  await expect(paid).toBeVisible({ timeout: 10_000 });
  await expect(paid).toContainText('$1,349.82');
  await expect(paid).not.toContainText(/Jordan|Rivera|Tirzepatide|@/);
  await shot(marketing, 'marketing-live', testInfo.project.name);

  // The funnel by campaign, on the payment's clinic day (the e2e server's clock may have been
  // moved ahead by other journeys), counts the campaign's one visit, lead and payment as small
  // cells.
  const at = await paid.locator('time').getAttribute('datetime');
  const day = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Los_Angeles',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(at!));
  await marketing.goto(`/console/conversion-funnel?from=${day}&to=${day}&groupBy=campaign`);
  const row = marketing.locator('table[aria-label="Funnel by campaign"] tbody tr', {
    hasText: campaign,
  });
  await expect(row).toBeVisible();
  await expect(row.locator('td').nth(0)).toHaveText('<11');
  await expect(row.locator('td').nth(1)).toHaveText('<11');
  await expect(row.locator('td').nth(3)).toHaveText('<11');
  await shot(marketing, 'marketing-funnel', testInfo.project.name);
  await marketing.context().close();
});
