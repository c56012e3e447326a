/**
 * Coupons as data (issue 30): the admin (the demo admin account, at the project's width: 390 px
 * on the phone) creates a coupon in the console, and a new patient applies it at checkout a
 * moment later and pays with it, no restart between. The code is unique to the run; no price
 * other specs rely on is changed.
 */
import { expect, test } from '@playwright/test';
import { fillCard, fillShipping, reachCheckout } from './checkout-steps';
import { staffPage, type StaffAccount } from './clinic-steps';
import { shot } from './quiz';

const admin: StaffAccount = {
  email: 'admin@demo.glp-clinic.local',
  password: 'demo-admin-2026',
  landing: '/console/review-queue',
};

test('an admin creates a coupon and a patient pays with it at checkout', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(90_000);
  const project = testInfo.project.name;
  const code = `E2E-${project}-${Date.now().toString(36)}`.toUpperCase().slice(0, 32);

  const viewport = testInfo.project.use.viewport ?? { width: 390, height: 844 };
  const desk = await staffPage(browser, baseURL!, admin, viewport);
  await desk.goto('/console/coupons');
  await expect(desk.getByRole('heading', { level: 1, name: 'Coupons' })).toBeVisible();
  await desk.getByRole('button', { name: 'New coupon' }).click();
  const dialog = desk.getByRole('dialog', { name: 'New coupon' });
  await dialog.getByLabel('Code', { exact: true }).fill(code);
  // A discount larger than the lowest price it would apply to is refused, in place.
  await dialog.getByLabel('Discount in dollars').fill('500');
  await dialog.getByRole('button', { name: 'Create coupon' }).click();
  await expect(dialog.getByText('The discount is more than the lowest price')).toBeVisible();
  await dialog.getByLabel('Discount in dollars').fill('30');
  await dialog.getByLabel('Uses in all').fill('5');
  await dialog.getByRole('button', { name: 'Create coupon' }).click();
  await expect(dialog).toBeHidden();
  const card = desk.locator(`.cc-card[data-coupon="${code}"]`);
  await expect(card).toBeVisible();
  await expect(card.locator('.cc-state')).toHaveText('Active');
  await expect(card).toContainText('0 of 5');
  const overflow = await desk.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await shot(desk, 'console-coupons', project);

  // A new patient applies it on the default plan: $1,349.82 less $30.
  await reachCheckout(page);
  await page.getByLabel('Coupon code', { exact: true }).fill(code.toLowerCase());
  await page.getByRole('button', { name: 'Apply' }).click();
  const pay = page.getByRole('button', { name: 'Pay $1,319.82' });
  await expect(pay).toBeVisible();
  await fillShipping(page);
  await fillCard(page, '4242 4242 4242 4242');
  const checkout = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/checkout-new');
  await pay.click();
  expect(JSON.parse((await checkout).postData() ?? '{}')).toMatchObject({
    amount: 131982,
    couponCode: code.toLowerCase(),
  });
  await expect(page).toHaveURL(/\/payment\/thanks\?terms=6&amount=1319\.82&trans_id=ch_/);

  // The console counts the use.
  await desk.reload();
  await expect(desk.locator(`.cc-card[data-coupon="${code}"]`)).toContainText('1 of 5');

  // The price table the coupon was checked against, the add-on's one-time price with it.
  await desk.goto('/console/prices');
  await expect(desk.getByRole('heading', { level: 1, name: 'Prices' })).toBeVisible();
  await expect(
    desk.locator('[data-drug="anti-nausea"]').getByLabel('One-time price', { exact: false }),
  ).toHaveValue('19.97');
  await shot(desk, 'console-prices', project);
  await desk.context().close();
});
