/**
 * The portal's Profile tab, 'Manage Account' (spec 002): a visitor who took the quiz (which
 * promises texts) finds "Text me updates" checked; a paying patient corrects a bad phone
 * number (the spec's message), changes name, phone, "Text me updates" and the preferred
 * categories ('Profile updated!'), then the shipping address ('Address updated!'), reloads and
 * finds every change kept. The page must fit a 390 px phone without scrolling sideways. A patient
 * whose assessment is submitted sends a photo again: it is resized in the browser to 1000 px wide
 * and sent as JPEG.
 * Screenshots: test-results/screenshots/<project>-profile*.png.
 */
import { expect, test, type Page } from '@playwright/test';
import { submittedPatient } from './clinic-steps';
import { california } from './medical-form-steps';
import { apiPatient, openPortal, storedAddress } from './patients';
import { answerQuiz, shot } from './quiz';
import { waitForApp } from './support';

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
  await openPortal(page, patient, 'profile');
  await expect(page.getByRole('heading', { level: 2, name: 'Manage Account' })).toBeVisible();
  await expect(page.getByLabel('First name')).toHaveValue('Jordan');
  await expect(phonePart(page, 3)).toHaveValue(patient.line);
  // The quiz promised texts (agreed_to_text 'Yes'): the choice shows, and can be undone here.
  await expect(textUpdates(page)).toBeChecked();
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
  await textUpdates(page).uncheck();
  await category(page, 'Skin').check();
  await category(page, 'Longevity').check();
  await page.getByRole('button', { name: 'Update Profile' }).click();
  await expect(form(page).getByRole('status')).toHaveText('Profile updated!');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome, Avery!');

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
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome, Avery!');
  await expect(phonePart(page, 1)).toHaveValue('213');
  await expect(phonePart(page, 2)).toHaveValue('555');
  await expect(phonePart(page, 3)).toHaveValue(line);
  await expect(textUpdates(page)).not.toBeChecked();
  await expect(category(page, 'Skin')).toBeChecked();
  await expect(category(page, 'Longevity')).toBeChecked();
  await expect(category(page, 'Hair')).not.toBeChecked();
  await expect(page.getByLabel('Address line 1')).toHaveValue(/633 W(est)? 5th St/i);
  await expect(page.getByLabel('Address line 2 (optional)')).toHaveValue(/200/);
});

/** The width and height in a JPEG's start-of-frame segment. */
function jpegSize(bytes: Buffer): { width: number; height: number } | null {
  let at = 2;
  while (at + 9 < bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1]!;
    if (marker >= 0xc0 && marker <= 0xc3)
      return { height: bytes.readUInt16BE(at + 5), width: bytes.readUInt16BE(at + 7) };
    at += 2 + bytes.readUInt16BE(at + 2);
  }
  return null;
}

test('a patient sends a photo again, resized to 1000 px wide', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const patient = await submittedPatient(page, request, { gender: 'Female', kind: 'reupload' });

  await page.goto('/home?tab=profile');
  await waitForApp(page);
  const reupload = page.locator('#reupload-form');
  await expect(reupload).toBeVisible();

  // A 1600 x 1200 photo, drawn by the browser.
  const photo = Buffer.from(
    await page.evaluate(() => {
      const canvas = document.createElement('canvas');
      canvas.width = 1600;
      canvas.height = 1200;
      const context = canvas.getContext('2d')!;
      context.fillStyle = '#3a7';
      context.fillRect(0, 0, 1600, 1200);
      context.fillStyle = '#fff';
      context.fillRect(400, 300, 800, 600);
      return canvas.toDataURL('image/png').split(',')[1]!;
    }),
    'base64',
  );

  await reupload.getByRole('button', { name: 'Submit' }).click();
  await expect(reupload.getByRole('alert')).toHaveText('Please select a file');

  await reupload.getByLabel('Image').selectOption('full_body_image');
  await reupload
    .locator('#reupload-file')
    .setInputFiles({ name: 'full-body.png', mimeType: 'image/png', buffer: photo });
  const signed = page.waitForResponse((r) => r.url().endsWith('/api/get-signed-url'));
  const put = page.waitForRequest((r) => r.method() === 'PUT');
  await reupload.getByRole('button', { name: 'Submit' }).click();
  expect((await put).headers()['content-type']).toBe('image/jpeg');
  const { file_name: fileName } = (await (await signed).json()) as { file_name: string };
  await expect(reupload.getByRole('status')).toHaveText(
    'Thank you! Your submission has been received!',
  );
  // What was stored: a JPEG 1000 px wide, in the photo's proportions.
  const auth = { authorization: `Bearer ${patient.token}` };
  const read = await request.get(`/api/uploads/${encodeURIComponent(fileName)}/read-url`, {
    headers: auth,
  });
  expect(read.ok()).toBe(true);
  const { url } = (await read.json()) as { url: string };
  const bytes = await (await request.get(url)).body();
  expect(jpegSize(bytes)).toEqual({ width: 1000, height: 750 });
  await fitsTheScreen(page);
  await reupload.screenshot({
    path: `test-results/screenshots/${testInfo.project.name}-profile-reupload.png`,
  });
});

test('the quiz promises texts, and the Profile tab shows "Text me updates" checked', async ({
  page,
  baseURL,
}, testInfo) => {
  await page.goto('/');
  await waitForApp(page);
  await answerQuiz(page);
  await page.getByRole('button', { name: 'Start my FREE visit ->' }).click();
  await expect(page).toHaveURL(`${baseURL}/weight-loss-report?desired_weight=190`);
  await page.goto('/home?tab=profile');
  await waitForApp(page);
  await expect(page.getByRole('heading', { level: 2, name: 'Manage Account' })).toBeVisible();
  await expect(phonePart(page, 3)).toHaveValue('0147');
  await expect(textUpdates(page)).toBeChecked();
  await fitsTheScreen(page);
  await shot(page, 'profile-texts-agreed', testInfo.project.name);
});
