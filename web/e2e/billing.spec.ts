/**
 * The patient portal's Billing tab as a patient meets it over half a year (spec 001 sections 2,
 * 4, 5 and 7; docs/architecture/subscriptions-and-billing.md): a 6-month Tirzepatide plan bought at the checkout,
 * a new card that attaches but declines every charge, a renewal that fails three times and
 * pauses the plan, Pay Now with a good card, a receipt, and the cancellation.
 *
 * The product's clock is moved forward through /dev/clock (NODE_ENV=test), by about 186 days
 * each time the test runs (so about a year in a run of both projects). The server is shared by
 * every spec file of a run: what runs after this file must not depend on the time before it
 * (sessions and links made afterwards are fine; the test cards expire 12/31).
 */
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { PDFParse } from 'pdf-parse';
import { fillCard, fillShipping, reachCheckout } from './checkout-steps';
import { shot } from './quiz';
import {
  DAY_MS,
  HOUR_MS,
  advanceClock,
  logIn,
  loginPage,
  mailTo,
  passwordLink,
  productNow,
  waitForApp,
} from './support';

const PAST_DUE_SUBJECT = 'Your payment did not go through';
/** Stripe's test card that attaches to a customer, then declines every charge. */
const DECLINES_WHEN_CHARGED = '4000 0000 0000 0341';
const GOOD_CARD = '4242 4242 4242 4242';

const therapies = (page: Page) => page.getByRole('region', { name: 'Current Therapies' });
const therapy = (page: Page) => therapies(page).getByRole('listitem');
const payments = (page: Page) =>
  page.getByRole('region', { name: 'Past Payments' }).locator('tbody').getByRole('row');
/** The Past Payments rows of declined charges: shown as not charged. */
const declinedPayments = (page: Page) => payments(page).filter({ hasText: 'Not charged' });
/** A toast (a polite live region, shown 3 seconds): assert it right after the action. */
const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

/** Opens the Billing tab, logging in first when the portal asks for it. */
async function openBilling(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/home?tab=billing');
  await waitForApp(page);
  await expect(therapies(page).or(loginPage(page))).toBeVisible();
  if (await loginPage(page).isVisible()) {
    await expect(page).toHaveURL(/\/login\?page_ref=%2Fhome%3Ftab%3Dbilling$/);
    await logIn(page, email, password);
    await expect(page).toHaveURL(/\/home\?tab=billing$/);
  }
  await expect(therapies(page)).toBeVisible();
}

async function pdfText(bytes: Uint8Array): Promise<string> {
  const parser = new PDFParse({ data: bytes });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

test('a patient pays, has a renewal declined, pays it now, downloads a receipt and cancels', async ({
  page,
  request,
}, testInfo) => {
  // Checkout, a renewal that takes three tries in as many sweeps, and the cancellation.
  test.setTimeout(180_000);
  const project = testInfo.project.name;
  const email = `billing.${randomUUID().slice(0, 8)}@example.com`;
  const password = `billing-${randomUUID().slice(0, 8)}`;

  // 1. The 6-month Tirzepatide plan (the default term), paid with 4242.
  await reachCheckout(page, { email });
  await fillShipping(page);
  await fillCard(page, GOOD_CARD);
  await page.getByRole('button', { name: 'Pay $1,349.82' }).click();
  await expect(page).toHaveURL(/\/payment\/thanks\?terms=6&amount=1349\.82&trans_id=ch_/);

  // 2. The quiz's session lasts 30 days and this journey spans half a year: a password first,
  // from the welcome email's link.
  await page.goto(await passwordLink(request, email));
  await waitForApp(page);
  await page.getByLabel('New password', { exact: true }).fill(password);
  await page.getByLabel('Confirm new password').fill(password);
  await page.getByRole('button', { name: 'Save Password' }).click();
  await expect(page.getByText('Password changed successfully.')).toBeVisible();

  // 3. The Billing tab: the plan with its next payment, and the checkout's payment.
  await openBilling(page, email, password);
  await expect(therapy(page)).toHaveCount(1);
  const plan = therapy(page);
  await expect(plan.getByRole('heading', { level: 3 })).toContainText('Tirzepatide');
  await expect(plan).toContainText('$1,349.82');
  await expect(plan).toContainText('semiannual');
  await expect(plan).toContainText(/Next payment: [A-Z][a-z]{2} \d{1,2}, \d{4}/);
  await expect
    .poll(() => plan.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
  await expect(payments(page)).toHaveCount(1);
  await expect(payments(page).first()).toContainText('$1,349.82');
  await expect(payments(page).first()).toContainText('success');
  await expect(payments(page).first()).toContainText('Tirzepatide');
  await shot(page, 'billing', project);

  const nextPayment = (await plan.locator('time').getAttribute('datetime')) ?? '';
  const now = await productNow(request);
  const dueIn = Date.parse(nextPayment) - now.getTime();
  // Six months ahead (181 to 184 days).
  expect(dueIn).toBeGreaterThan(180 * DAY_MS);
  expect(dueIn).toBeLessThan(184 * DAY_MS);

  // 4. Update Credit Card: the billing address is required; then the card that will decline.
  await therapies(page).getByRole('button', { name: 'Update Credit Card' }).click();
  const cardDialog = page.getByRole('dialog', { name: 'Update Card' });
  await expect(cardDialog).toBeVisible();
  await cardDialog.getByRole('button', { name: 'Update Card' }).click();
  await expect(cardDialog.getByRole('alert')).toHaveText(
    'Please enter a complete billing address.',
  );
  await fillCard(cardDialog, DECLINES_WHEN_CHARGED);
  await fillShipping(cardDialog);
  await cardDialog.getByRole('button', { name: 'Update Card' }).click();
  await expect(toast(page, 'Billing details updated successfully')).toBeVisible();
  await expect(cardDialog).toHaveCount(0);

  // 5. Past the renewal date: the hourly sweep tries the saved card at the date, a day later and
  // two days after that, then pauses the plan and emails the patient.
  // Each check after the first moves a day and an hour on, so that the retry set by the sweep
  // before it is due; the sweep runs within a second or so of each move.
  await advanceClock(request, dueIn + DAY_MS);
  let checks = 0;
  await expect(async () => {
    const subjects = (await mailTo(request, email)).map((m) => m.subject);
    if (!subjects.includes(PAST_DUE_SUBJECT) && checks++ > 0)
      await advanceClock(request, DAY_MS + HOUR_MS);
    expect(subjects).toContain(PAST_DUE_SUBJECT);
  }).toPass({ intervals: [2_000], timeout: 90_000 });
  const [pastDueMail] = (await mailTo(request, email)).filter(
    (m) => m.subject === PAST_DUE_SUBJECT,
  );
  expect(pastDueMail?.body).toContain('$1,349.82');

  // The 30-day session is over: the portal sends the patient to log in, then back to Billing.
  await page.reload();
  await waitForApp(page);
  await expect(loginPage(page)).toBeVisible();
  await expect(page).toHaveURL(/\/login\?page_ref=%2Fhome%3Ftab%3Dbilling$/);
  await logIn(page, email, password);
  await expect(page).toHaveURL(/\/home\?tab=billing$/);
  await expect(plan).toContainText('Past Due');
  await expect(plan).not.toContainText('Next payment:');
  await expect(plan.getByRole('button', { name: /^Cancel Subscription/ })).toHaveCount(0);
  const payNow = plan.getByRole('button', { name: /^Pay Now/ });
  await expect(payNow).toBeVisible();
  // A declined charge is no payment: the three attempts are listed, newest first, as not
  // charged and without a receipt; the checkout's payment keeps its own.
  await expect(payments(page)).toHaveCount(4);
  await expect(declinedPayments(page)).toHaveCount(3);
  for (const declined of await declinedPayments(page).all()) {
    await expect(declined).toContainText('declined');
    await expect(declined).toContainText('$1,349.82');
    await expect(declined).toHaveAttribute('data-transaction', /^declined-\d+$/);
    await expect(declined.getByRole('button')).toHaveCount(0);
  }
  await expect(payments(page).last()).toContainText('success');
  await expect(payments(page).last()).not.toContainText('Not charged');
  await expect(
    payments(page)
      .last()
      .getByRole('button', { name: /^Download receipt of / }),
  ).toHaveCount(1);
  await shot(page, 'billing-past-due', project);

  // 6. Pay Now with a good card: the plan is active again and the payment is listed.
  await payNow.click();
  const payDialog = page.getByRole('dialog', { name: 'Process Payment' });
  await expect(payDialog).toBeVisible();
  const pay = payDialog.getByRole('button', { name: 'Pay $1,349.82 Now' });
  await expect(pay).toBeVisible();
  await fillCard(payDialog, GOOD_CARD);
  await fillShipping(payDialog);
  await pay.click();
  await expect(toast(page, 'Payment processed successfully')).toBeVisible();
  await expect(payDialog).toHaveCount(0);
  await expect(plan).toContainText(/Next payment: [A-Z][a-z]{2} \d{1,2}, \d{4}/);
  await expect(plan).not.toContainText('Past Due');
  // Pay Now's payment on top, the three declined attempts, the checkout's payment.
  await expect(payments(page)).toHaveCount(5);
  const statuses = ['success', 'declined', 'declined', 'declined', 'success'];
  for (const [i, status] of statuses.entries()) {
    await expect(payments(page).nth(i)).toContainText('$1,349.82');
    await expect(payments(page).nth(i)).toContainText(status);
  }
  await expect(declinedPayments(page)).toHaveCount(3);

  // 7. A receipt: a PDF named after its transaction.
  const row = payments(page).first();
  const transactionId = (await row.getAttribute('data-transaction')) ?? '';
  expect(transactionId).toMatch(/^ch_/);
  const downloading = page.waitForEvent('download');
  await row.getByRole('button', { name: /^Download receipt of / }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`invoice-${transactionId}.pdf`);
  const bytes = await readFile(await download.path());
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const text = await pdfText(new Uint8Array(bytes));
  expect(text).toContain(transactionId);
  expect(text).toContain('$1,349.82');

  // 8. Cancel: the reasons, then the confirmation.
  await plan.getByRole('button', { name: /^Cancel Subscription/ }).click();
  const reasons = page.getByRole('dialog', { name: 'Cancel Subscription' });
  await reasons.getByRole('checkbox', { name: 'too expensive' }).check();
  await reasons.getByRole('button', { name: 'Continue' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Are you sure you want to cancel?' });
  await confirm.getByRole('button', { name: 'Yes' }).click();
  await expect(toast(page, 'Your subscription is cancelled.')).toBeVisible();
  await expect(confirm).toHaveCount(0);
  await expect(plan).toContainText('Cancelled');
  await expect(plan).not.toContainText('Next payment:');
  await expect(plan.getByRole('button')).toHaveCount(0);
  // The toasts go after 3 seconds (they would hide the payments in the screenshot).
  await expect(toast(page, 'Your subscription is cancelled.')).toHaveCount(0, { timeout: 5_000 });
  await expect(toast(page, 'Payment processed successfully')).toHaveCount(0);
  await shot(page, 'billing-cancelled', project);
});
