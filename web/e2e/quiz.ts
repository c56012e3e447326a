/**
 * The intake quiz as a visitor answers it, and page screenshots, shared by the journeys that
 * start at the quiz (intake, checkout).
 */
import { randomUUID } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { scrollY } from './support';

export async function shot(page: Page, name: string, projectName: string): Promise<void> {
  // From the top: a full-page shot of a scrolled page draws the sticky header mid-page.
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect.poll(() => scrollY(page)).toBe(0);
  await page.screenshot({
    path: `test-results/screenshots/${projectName}-${name}.png`,
    fullPage: true,
  });
}

export const next = (page: Page) => page.getByRole('button', { name: 'Continue' });
export const alert = (page: Page) => page.locator('main [role="alert"]');

export interface Visitor {
  state?: string;
  weight?: string;
  goal?: string;
  email?: string;
}

/** Answers steps 1 to 8 (with a look at a few messages on the way) and stops on step 9. */
export async function answerQuiz(page: Page, visitor: Visitor = {}): Promise<void> {
  await expect(page.getByText('Step 1 of 9')).toBeVisible();
  await next(page).click();
  await expect(alert(page)).toHaveText('Please agree to the terms and conditions');
  await page.getByRole('checkbox').check();
  await next(page).click();

  await next(page).click();
  await expect(alert(page)).toHaveText('Please select your state');
  await page.getByLabel('State', { exact: true }).selectOption(visitor.state ?? 'TX');
  await next(page).click();

  await page.getByLabel('First name', { exact: true }).fill('Jordan');
  await next(page).click();
  await expect(alert(page)).toHaveText('Please enter your full name');
  await page.getByLabel('Last name', { exact: true }).fill('Rivera');
  await next(page).click();

  // Gender advances at once.
  await page.getByRole('button', { name: 'Male', exact: true }).click();

  // The phone: a full box moves the focus on; a pasted number fills all three.
  const area = page.getByLabel('Area code', { exact: true });
  await area.fill('51');
  await next(page).click();
  await expect(alert(page)).toHaveText('Please enter a complete, valid phone number');
  await area.fill('');
  await area.pressSequentially('512');
  await expect(page.getByLabel('Prefix', { exact: true })).toBeFocused();
  await area.fill('');
  await area.evaluate((el) => {
    const data = new DataTransfer();
    data.setData('text/plain', '(512) 555-0147');
    el.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
    );
  });
  await expect(area).toHaveValue('512');
  await expect(page.getByLabel('Prefix', { exact: true })).toHaveValue('555');
  await expect(page.getByLabel('Line number', { exact: true })).toHaveValue('0147');
  await next(page).click();

  await page.getByLabel('Email address', { exact: true }).fill('jordan@example');
  await next(page).click();
  await expect(alert(page)).toHaveText('Please enter a valid email address');
  await page
    .getByLabel('Email address', { exact: true })
    .fill(visitor.email ?? `jordan.${randomUUID().slice(0, 8)}@example.com`);
  await next(page).click();
  await expect(alert(page)).toHaveText('Please agree to receive email communications');
  await page.getByRole('checkbox').check();
  await next(page).click();

  await page.getByLabel('Feet', { exact: true }).fill('5');
  await page.getByLabel('Inches', { exact: true }).fill('10');
  await page.getByLabel('Weight (lbs)', { exact: true }).fill('60');
  await next(page).click();
  await expect(alert(page)).toHaveText('Please enter a valid weight');
  await page.getByLabel('Weight (lbs)', { exact: true }).fill(visitor.weight ?? '240');
  await next(page).click();

  await page.getByLabel('Month', { exact: true }).selectOption({ index: 2 }); // February
  await page.getByLabel('Day', { exact: true }).fill('31');
  await page.getByLabel('Year', { exact: true }).fill('1990');
  await next(page).click();
  await expect(alert(page)).toHaveText('Please enter a valid date of birth');
  await page.getByLabel('Day', { exact: true }).fill('14');
  await next(page).click();

  await expect(page.getByText('Step 9 of 9')).toBeVisible();
  await page.getByLabel('Goal weight (lbs)', { exact: true }).fill('250');
  await page.getByRole('button', { name: 'Start my FREE visit ->' }).click();
  await expect(alert(page)).toHaveText('Desired weight should be less than current weight');
  await page.getByLabel('Goal weight (lbs)', { exact: true }).fill(visitor.goal ?? '190');
}
