/**
 * Steps of the checkout shared by the journeys that buy a plan (checkout, billing): reaching the
 * checkout page from the quiz, and filling an address and a card, on the checkout page or inside
 * a dialog of the portal (which uses the same address and card forms).
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { answerQuiz, type Visitor } from './quiz';
import { waitForApp } from './support';

/**
 * Quiz, report and plan page, choosing tirzepatide as a new user who arrived from an affiliate's
 * link (`cId`): ends on the checkout page.
 */
export async function reachCheckout(
  page: Page,
  visitor: Visitor = {},
  cId = 'aff-e2e-1',
  /** A campaign (utm_campaign, from utm_source e2e) the landing link carries. */
  campaign?: string,
): Promise<void> {
  const utm = campaign ? `&utm_source=e2e&utm_campaign=${encodeURIComponent(campaign)}` : '';
  await page.goto(`/?c_id=${encodeURIComponent(cId)}${utm}`);
  await waitForApp(page);
  await answerQuiz(page, visitor);
  await page.getByRole('button', { name: 'Start my FREE visit ->' }).click();
  await page.getByRole('link', { name: 'Choose my plan' }).click();
  await page.getByRole('button', { name: 'No' }).click();
  await page.getByRole('button', { name: 'Choose Tirzepatide' }).click();
  await expect(page).toHaveURL(/\/weight-loss-payment\/[0-9a-f-]{36}$/);
  await expect(page.getByText('Step 2 of 4')).toBeVisible();
}

/**
 * A valid Texas address in the address form inside `scope`: the checkout's shipping address, or
 * the billing address of a portal card dialog (same fields, same labels).
 */
export async function fillShipping(scope: Page | Locator): Promise<void> {
  await scope.getByLabel('Address line 1', { exact: true }).fill('1200 Congress Ave');
  await scope.getByLabel('City', { exact: true }).fill('Austin');
  await scope.getByLabel('State', { exact: true }).selectOption('TX');
  await scope.getByLabel('ZIP code', { exact: true }).fill('78701');
}

/** The sandbox card form inside `scope`: `number`, expiring 12/31, CVC 123. */
export async function fillCard(scope: Page | Locator, number: string): Promise<void> {
  await scope.getByLabel('Card number', { exact: true }).fill(number);
  await scope.getByLabel('Expiry (MM/YY)', { exact: true }).fill('12/31');
  await scope.getByLabel('CVC', { exact: true }).fill('123');
}
