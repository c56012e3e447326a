/**
 * The portal's Profile tab, 'Manage Account' (spec 002): a paying patient corrects a bad phone
 * number (the spec's message), changes name, phone, "Text me updates" and the preferred
 * categories ('Profile updated!'), then the shipping address ('Address updated!'), reloads and
 * finds every change kept. The page must fit a 390 px phone without scrolling sideways.
 * Screenshots: test-results/screenshots/<project>-profile*.png.
 */
import { expect, test, type Page } from '@playwright/test';
import { california } from './medical-form-steps';
import { apiPatient, storedAddress } from './patients';
import { shot } from './quiz';
import { SESSION_KEY, seedStorage, waitForApp } from './support';

const form = (page: Page) => page.locator('#profile-form');
const phonePart = (page: Page, n: 1 | 2 | 3) => page.locator(`#profile-phone-${n}`);
const category = (page: Page, name: string) =>
  page.locator('label.check', { hasText: new RegExp(`^${name}$`) }).locator('input');
const textUpdates = (page: Page) => page.getByRole('checkbox', { name: 'Text me updates' });

async function fitsTheScreen(page: Page): Promise<void> {
  const [scrollWidth, clientWidth] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    document.documentElement.clientWidth,
  ]);
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
}

test('a patient updates the profile and the address, and finds them kept', async ({
  page,
  request,
}, testInfo) => {
  const patient = await apiPatient(request, california, { gender: 'Female', kind: 'profile' });
  await seedStorage(
    page,
    SESSION_KEY,
    JSON.stringify({ token: patient.token, user: patient.user }),
  );
  await page.goto('/home?tab=profile');
  await waitForApp(page);
  await expect(page.getByRole('heading', { level: 2, name: 'Manage Account' })).toBeVisible();
  await expect(page.getByLabel('First name')).toHaveValue('Jordan');
  await expect(phonePart(page, 3)).toHaveValue(patient.line);
  await expect(page.getByLabel('Address line 1')).toHaveValue(/Grand/i);
  await fitsTheScreen(page);
  await shot(page, 'profile', testInfo.project.name);

  // A phone that is not 10 digits is refused with the spec's message, nothing sent.
  await phonePart(page, 3).fill('12');
  await page.getByRole('button', { name: 'Update Profile' }).click();
  await expect(form(page).getByRole('alert')).toHaveText(
    'Please enter a valid 10-digit phone number',
  );
  await expect(form(page).locator('.field__error')).toHaveText(
    'Please enter a valid 10-digit phone number',
  );
  await shot(page, 'profile-bad-phone', testInfo.project.name);

  const line = String(Number(patient.line) + 1).padStart(4, '0');
  await page.getByLabel('First name').fill('Avery');
  await phonePart(page, 1).fill('213');
  await phonePart(page, 2).fill('555');
  await phonePart(page, 3).fill(line);
  await textUpdates(page).check();
  await category(page, 'Skin').check();
  await category(page, 'Longevity').check();
  await page.getByRole('button', { name: 'Update Profile' }).click();
  await expect(form(page).getByRole('status')).toHaveText('Profile updated!');

  const address = page.locator('#address-form');
  await page.getByLabel('Address line 1').fill('633 West 5th Street');
  await page.getByLabel('Address line 2 (optional)').fill('Suite 200');
  await page.getByRole('button', { name: 'Update Address' }).click();
  await expect(address.getByRole('status')).toHaveText('Address updated!');
  await expect
    .poll(async () => (await storedAddress(request, patient.token))?.address_line_1)
    .toMatch(/633 W(est)? 5th St/i);
  await fitsTheScreen(page);
  await shot(page, 'profile-saved', testInfo.project.name);

  // The success text goes after 3 seconds.
  await expect(form(page).getByRole('status')).toHaveCount(0, { timeout: 5_000 });

  await page.reload();
  await waitForApp(page);
  await expect(page.getByLabel('First name')).toHaveValue('Avery');
  await expect(phonePart(page, 1)).toHaveValue('213');
  await expect(phonePart(page, 2)).toHaveValue('555');
  await expect(phonePart(page, 3)).toHaveValue(line);
  await expect(textUpdates(page)).toBeChecked();
  await expect(category(page, 'Skin')).toBeChecked();
  await expect(category(page, 'Longevity')).toBeChecked();
  await expect(category(page, 'Hair')).not.toBeChecked();
  await expect(page.getByLabel('Address line 1')).toHaveValue(/633 W(est)? 5th St/i);
  await expect(page.getByLabel('Address line 2 (optional)')).toHaveValue(/200/);
});
