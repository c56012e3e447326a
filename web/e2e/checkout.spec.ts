/**
 * The money path as a buyer meets it (spec 001 sections 2 to 8, spec 000's upsell): from the quiz
 * and plan page through the checkout with Stripe's test cards on the sandbox processor, the
 * nausea upsell and the status page; and a declined card. Screenshots of each page land in
 * test-results/screenshots/.
 */
import { expect, test } from '@playwright/test';
import { fillCard, fillShipping, reachCheckout } from './checkout-steps';
import { shot } from './quiz';

const DECLINED =
  'Uh oh! It looks like your card was declined. No worries—your bank might have sent you a text to approve the charge. Just reply to their message to approve it and try again, or feel free to use a different card.';
const INSUFFICIENT =
  'It looks like your card has insufficient funds. Please use a different payment method or contact your bank for assistance.';

test('a new patient pays with 4242, adds the anti-nausea pills once and reaches the status page', async ({
  page,
}, testInfo) => {
  const project = testInfo.project.name;
  await reachCheckout(page);
  // Half Yearly is the default term: $1,349.82 today.
  const pay = page.getByRole('button', { name: 'Pay $1,349.82' });
  await expect(pay).toBeVisible();
  await shot(page, 'checkout', project);

  // Nothing is charged before the form is complete, and a P.O. box is refused with its popup.
  await pay.click();
  await expect(page.getByText('Please enter a complete shipping address.')).toBeVisible();
  await fillShipping(page);
  await page.getByLabel('Address line 1', { exact: true }).fill('PO Box 12');
  await fillCard(page, '4242 4242 4242 4242');
  await pay.click();
  const popup = page.getByRole('alertdialog', { name: 'Invalid Address' });
  await expect(popup).toContainText('P.O. Box');
  await shot(page, 'checkout-po-box', project);
  await popup.getByRole('button', { name: 'OK' }).click();
  await page.getByLabel('Address line 1', { exact: true }).fill('1200 Congress Ave');

  // The quarterly plan with WELCOME25: $749.97 - $25.
  await page.getByRole('radio', { name: /^Quarterly Plan/ }).check();
  await page.getByLabel('Coupon code', { exact: true }).fill('WELCOME25');
  await page.getByRole('button', { name: 'Apply' }).click();
  const payQuarterly = page.getByRole('button', { name: 'Pay $724.97' });
  await expect(payQuarterly).toBeVisible();

  const checkout = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/checkout-new');
  await payQuarterly.click();
  const sent = await checkout;
  expect(sent.headers()['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
  expect(JSON.parse(sent.postData() ?? '{}')).toMatchObject({
    payment_terms: 3,
    amount: 72497,
    couponCode: 'WELCOME25',
    c_id: 'aff-e2e-1',
  });
  await expect(page).toHaveURL(/\/payment\/thanks\?terms=3&amount=724\.97&trans_id=ch_/);
  const purchase = await page.evaluate(() =>
    (window as unknown as { dataLayer?: { event?: string }[] }).dataLayer?.find(
      (e) => e.event === 'purchase',
    ),
  );
  expect(purchase).toMatchObject({ ecommerce: { value: 724.97, currency: 'USD' } });
  await expect(page.getByText('GLP Anti-Nausea', { exact: true })).toBeVisible();
  await expect(page.getByText('$19.97')).toBeVisible();
  await shot(page, 'upsell', project);

  const addCalls: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/add-to-order') addCalls.push(r.url());
  });
  await page.getByRole('button', { name: 'Add To Order' }).dblclick();
  await expect(
    page.getByRole('heading', { name: 'You made the right choice, Jordan' }),
  ).toBeVisible();
  expect(addCalls).toHaveLength(1);
  await shot(page, 'upsell-added', project);

  await page.getByRole('button', { name: 'Next Step' }).click();
  await expect(page).toHaveURL(/\/status-progress$/);
  await expect(page.getByRole('heading', { name: 'Almost Done Jordan!' })).toBeVisible();
  for (const step of ['5-10 minutes', '24 hours or less', 'Same-day', '48 hours or less'])
    await expect(page.getByText(step, { exact: false }).first()).toBeVisible();
  await shot(page, 'status-progress', project);
  await page.getByRole('link', { name: 'Complete Medical Form' }).click();
  await expect(page).toHaveURL(/\/verify$/);
});

test('a declined card and an insufficient-funds card get the spec’s messages, then 4242 pays', async ({
  page,
}, testInfo) => {
  await reachCheckout(page);
  await fillShipping(page);
  const pay = page.getByRole('button', { name: 'Pay $1,349.82' });

  await fillCard(page, '4000 0000 0000 0002');
  await pay.click();
  await expect(page.getByText(DECLINED)).toBeVisible();
  await shot(page, 'checkout-declined', testInfo.project.name);

  await fillCard(page, '4000 0000 0000 9995');
  await pay.click();
  await expect(page.getByText(INSUFFICIENT)).toBeVisible();

  await fillCard(page, '4242 4242 4242 4242');
  await pay.click();
  await expect(page).toHaveURL(/\/payment\/thanks\?terms=6&amount=1349\.82&trans_id=ch_/);
});
