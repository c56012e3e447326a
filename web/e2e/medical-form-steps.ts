/**
 * The medical form's steps as a paying patient takes them, shared by the journeys that start
 * with a submitted assessment (the form itself, the clinician's review): both contacts skipped
 * at /verify, the form of the payment's order opened, every question answered as a patient with
 * nothing to report would (an image uploaded where asked).
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { keepSession, type Address, type ApiPatient } from './patients';
import { shot } from './quiz';
import { waitForApp } from './support';

const PREAUTHS_KEY = 'clinic.preauths';

export const california: Address = {
  addressLine1: '350 South Grand Avenue',
  city: 'Los Angeles',
  state: 'CA',
  zip: '90071',
};

/** A real 1x1 PNG: what a photo upload sends. */
export const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

export const texas: Address = {
  addressLine1: '1100 Congress Avenue',
  city: 'Austin',
  state: 'TX',
  zip: '78701',
};

export const form = (page: Page) => page.locator('main[data-page="medical-form"]');

async function skipVerification(request: APIRequestContext, patient: ApiPatient) {
  for (const type of [1, 2]) {
    const skipped = await request.post('/api/skip-verification', {
      headers: { authorization: `Bearer ${patient.token}` },
      data: { type },
    });
    expect(skipped.ok()).toBe(true);
  }
}

/** Skips both contacts and opens /verify as the patient: it leads to the order's form. */
export async function openFormFromVerify(
  page: Page,
  request: APIRequestContext,
  patient: ApiPatient,
  type: 'medical' | 'bare' = 'medical',
): Promise<void> {
  await skipVerification(request, patient);
  await page.addInitScript(
    ({ key, orderId }) => window.sessionStorage.setItem(key, JSON.stringify([{ orderId }])),
    { key: PREAUTHS_KEY, orderId: patient.orderId },
  );
  await keepSession(page, patient);
  await page.goto('/verify');
  await waitForApp(page);
  await expect(page).toHaveURL(new RegExp(`/medical-form/${patient.orderId}\\?type=${type}$`));
  await expect(form(page)).toBeVisible({ timeout: 15_000 });
}

export const currentQuestion = async (page: Page) => ({
  id: (await form(page).getAttribute('data-question')) ?? '',
  type: (await form(page).getAttribute('data-type')) ?? '',
});

/**
 * Answers the question on screen as a patient with nothing to report: "No" (or the "No - I
 * affirm" answer, or "None") where offered, consent given, plain numbers and text, the photo
 * uploaded, the pre-filled doses kept (190 lbs, a goal of 160). `choose` overrides the option of
 * a question by id.
 */
export async function answerCurrent(
  page: Page,
  choose: Record<string, string> = {},
): Promise<string> {
  const { id, type } = await currentQuestion(page);
  const label = await page.locator('#mf-question-label').innerText();
  if (type === 'single_option' || type === 'consent') {
    const options = page.locator('.mf-option');
    const titles = (await options.allInnerTexts()).map((t) => t.trim());
    const wanted = choose[id];
    let index = wanted
      ? titles.indexOf(wanted)
      : type === 'consent'
        ? titles.findIndex((t) => t.startsWith('YES'))
        : titles.findIndex(
            (t) => t === 'No' || t.startsWith('No - I affirm') || t.startsWith('No,'),
          );
    if (index < 0) index = 0;
    await options.nth(index).click();
  } else if (type === 'multiple_option') {
    const checks = page.locator('.mf-check');
    const titles = await checks.allInnerTexts();
    const none = titles.findIndex((t) => t.toLowerCase().includes('none'));
    await checks.nth(none < 0 ? 0 : none).click();
    await page.locator('#mf-next').click();
  } else if (type === 'integer' || type === 'string') {
    // The scale low, the goal weight below the current one (the form refuses it otherwise).
    const asked = label.toLowerCase();
    const typed = asked.includes('scale') ? '3' : asked.includes('goal') ? '160' : '190';
    await page.locator('#mf-answer').fill(typed);
    await page.locator('#mf-next').click();
  } else if (type === 'text' || type === 'textarea') {
    await page.locator('#mf-answer').fill('Nothing else to add.');
    await page.locator('#mf-next').click();
  } else if (type === 'image_upload' || type === 'file') {
    await page
      .locator('.mf-upload input[type=file]')
      .setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: png });
    await expect(page.locator('.mf-upload__name')).toHaveText('photo.png');
    await page.locator('#mf-upload-confirm').click();
    await expect(page.locator('#mf-upload-confirm')).toHaveText('Uploaded!', { timeout: 15_000 });
  } else if (type === 'confirmation_buttons') {
    await page.locator('#mf-confirm').click();
  } else {
    // informational, dose_optimization: keep what is shown.
    await page.locator('#mf-next').click();
  }
  return id;
}

/**
 * Answers until the page leaves the form (or the question `stopAt`, or the first of the type
 * `stopAtType`, is on screen); returns the ids answered.
 */
export async function answerAll(
  page: Page,
  opts: {
    stopAt?: string;
    stopAtType?: string;
    choose?: Record<string, string>;
    shots?: string;
  } = {},
): Promise<string[]> {
  const answered: string[] = [];
  for (let step = 0; step < 120; step += 1) {
    if (!/\/medical-form\//.test(page.url())) return answered;
    const main = form(page);
    if (!(await main.isVisible())) {
      await page.waitForTimeout(100);
      continue;
    }
    const { id, type } = await currentQuestion(page);
    if (id === opts.stopAt || type === opts.stopAtType) return answered;
    if (opts.shots && ['dose_optimization', 'image_upload', 'consent'].includes(type))
      await shot(page, `${opts.shots}-${type}`, test.info().project.name);
    await answerCurrent(page, opts.choose);
    answered.push(id);
    // The next question replaces this one (an upload moves on after half a second).
    await expect
      .poll(
        async () =>
          /\/medical-form\//.test(page.url())
            ? await form(page)
                .getAttribute('data-question', { timeout: 500 })
                .catch(() => '')
            : 'left the form',
        { timeout: 15_000 },
      )
      .not.toBe(id);
  }
  throw new Error('the form did not end');
}
