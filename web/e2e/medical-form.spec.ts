/**
 * The medical form as a paying patient meets it (spec 002 sections 2 to 5, issue 15): from
 * /verify to the form of the payment's order, every question answered as a patient with nothing
 * to report would (an image uploaded where asked), submitted, and home; a contraindication and
 * the "We Cannot Proceed" popup's Process Refund, refunded in full with an email; a reload in the
 * middle of the form that comes back to the same question with the answers kept.
 *
 * Every test runs at phone and desktop widths; screenshots land in
 * test-results/screenshots/<project>-medical-form-*.png.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiPatient, type Address, type ApiPatient } from './patients';
import { shot } from './quiz';
import { SESSION_KEY, mailTo, seedStorage, waitForApp } from './support';

const PREAUTHS_KEY = 'clinic.preauths';

const california: Address = {
  addressLine1: '350 South Grand Avenue',
  city: 'Los Angeles',
  state: 'CA',
  zip: '90071',
};

/** A real 1x1 PNG: what a photo upload sends. */
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const texas: Address = {
  addressLine1: '1100 Congress Avenue',
  city: 'Austin',
  state: 'TX',
  zip: '78701',
};

const form = (page: Page) => page.locator('main[data-page="medical-form"]');

/**
 * A real six-second WebM video, recorded in the page from a drawn canvas with the browser's own
 * MediaRecorder: what a phone's camera would hand the page, without a fixture file.
 */
async function recordTestVideo(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 320;
    canvas.height = 240;
    const context = canvas.getContext('2d') as CanvasRenderingContext2D;
    const stream = canvas.captureStream(15);
    const recorder = new MediaRecorder(stream, { mimeType: 'video/webm' });
    const chunks: Blob[] = [];
    recorder.ondataavailable = (e) => chunks.push(e.data);
    const stopped = new Promise((resolve) => (recorder.onstop = resolve));
    let frame = 0;
    const timer = setInterval(() => {
      frame += 1;
      context.fillStyle = `hsl(${(frame * 7) % 360}, 60%, 50%)`;
      context.fillRect(0, 0, 320, 240);
    }, 66);
    recorder.start(500);
    await new Promise((resolve) => setTimeout(resolve, 6000));
    recorder.stop();
    await stopped;
    clearInterval(timer);
    const bytes = new Uint8Array(await new Blob(chunks, { type: 'video/webm' }).arrayBuffer());
    let binary = '';
    for (const byte of bytes) binary += String.fromCharCode(byte);
    return btoa(binary);
  });
  return Buffer.from(base64, 'base64');
}

async function skipVerification(request: APIRequestContext, patient: ApiPatient) {
  for (const type of [1, 2]) {
    const skipped = await request.post('/api/skip-verification', {
      headers: { authorization: `Bearer ${patient.token}` },
      data: { type },
    });
    expect(skipped.ok()).toBe(true);
  }
}

/** Opens /verify as the patient with both contacts skipped: it leads to the order's form. */
async function openFormFromVerify(
  page: Page,
  patient: ApiPatient,
  type: 'medical' | 'bare' = 'medical',
): Promise<void> {
  await page.addInitScript(
    ({ key, orderId }) => window.sessionStorage.setItem(key, JSON.stringify([{ orderId }])),
    { key: PREAUTHS_KEY, orderId: patient.orderId },
  );
  await seedStorage(
    page,
    SESSION_KEY,
    JSON.stringify({ token: patient.token, user: patient.user }),
  );
  await page.goto('/verify');
  await waitForApp(page);
  await expect(page).toHaveURL(new RegExp(`/medical-form/${patient.orderId}\\?type=${type}$`));
  await expect(form(page)).toBeVisible({ timeout: 15_000 });
}

const currentQuestion = async (page: Page) => ({
  id: (await form(page).getAttribute('data-question')) ?? '',
  type: (await form(page).getAttribute('data-type')) ?? '',
});

/**
 * Answers the question on screen as a patient with nothing to report: "No" (or the "No - I
 * affirm" answer, or "None") where offered, consent given, plain numbers and text, the photo
 * uploaded, the pre-filled doses kept. `choose` overrides the option of a question by id.
 */
async function answerCurrent(page: Page, choose: Record<string, string> = {}): Promise<string> {
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
    await page.locator('#mf-answer').fill(label.toLowerCase().includes('scale') ? '3' : '190');
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

/** Answers until the page leaves the form (or `stopAt` is on screen); returns the ids answered. */
async function answerAll(
  page: Page,
  opts: { stopAt?: string; choose?: Record<string, string>; shots?: string } = {},
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
    if (id === opts.stopAt) return answered;
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

test.describe('the medical form', () => {
  test('a paying patient answers the form with a photo, submits it, and lands home', async ({
    page,
    request,
  }) => {
    const project = test.info().project.name;
    const patient = await apiPatient(request, california, { gender: 'Female', kind: 'form' });
    await skipVerification(request, patient);
    await openFormFromVerify(page, patient);
    await shot(page, 'medical-form-first-question', project);

    const answered = await answerAll(page, { shots: 'medical-form' });
    await expect(page).toHaveURL(/\/home$/, { timeout: 20_000 });
    // Women are asked about pregnancy; the photos and the consent were answered.
    expect(answered).toEqual(expect.arrayContaining(['0', '14', '15', '8', '8_confirm']));
    await shot(page, 'medical-form-home', project);

    // The order no longer takes an assessment, and the portal's Next step is gone.
    const auth = { authorization: `Bearer ${patient.token}` };
    expect(
      (await request.get(`/forms/orders/${patient.orderId}`, { headers: auth })).status(),
    ).toBe(404);
    await expect
      .poll(async () => {
        const res = await request.get('/api/pending-medical-forms', { headers: auth });
        return ((await res.json()) as { orders: unknown[] }).orders.length;
      })
      .toBe(0);
  });

  test('a contraindication stops the form; Process Refund refunds the order and emails the patient', async ({
    page,
    request,
  }) => {
    const project = test.info().project.name;
    const patient = await apiPatient(request, california, { gender: 'Male', kind: 'refund' });
    await skipVerification(request, patient);
    await openFormFromVerify(page, patient);
    // Up to the pancreatitis question, then the answer that stops the application.
    await answerAll(page, { stopAt: '4' });
    await page.locator('.mf-option', { hasText: /^Yes$/ }).click();
    const popup = page.locator('.mf-stop');
    await expect(popup).toBeVisible();
    await expect(popup.getByRole('heading')).toHaveText('We Cannot Proceed');
    await expect(popup).toContainText('pancreatitis');
    await shot(page, 'medical-form-cannot-proceed', project);

    // Resubmit closes the popup and keeps the patient on the question.
    await popup.getByRole('button', { name: 'Resubmit Form' }).click();
    await expect(popup).toBeHidden();
    expect((await currentQuestion(page)).id).toBe('4');
    await page.locator('.mf-option', { hasText: /^Yes$/ }).click();
    await expect(popup).toBeVisible();
    await popup.getByRole('button', { name: 'Process Refund' }).click();
    await expect(page).toHaveURL(/\/sorry\?message=/);
    await expect(page.locator('main')).toContainText('A full refund is on its way');

    await expect(async () => {
      const subjects = (await mailTo(request, patient.email)).map((m) => m.subject);
      expect(subjects).toContain('Your refund is on its way');
    }).toPass({ timeout: 20_000 });
    const refund = (await mailTo(request, patient.email)).find(
      (m) => m.subject === 'Your refund is on its way',
    );
    expect(refund?.body).toContain('$449.97');
    // No health answer is in the email.
    expect(refund?.body).not.toMatch(/pancreatitis/i);
  });

  test('a reload in the middle of the form comes back to the same question with the answers kept', async ({
    page,
    request,
  }) => {
    const patient = await apiPatient(request, california, { gender: 'Female', kind: 'reload' });
    await skipVerification(request, patient);
    await openFormFromVerify(page, patient);
    const answered = await answerAll(page, { stopAt: '7_1' });
    expect(answered.length).toBeGreaterThan(5);
    const before = await page.locator('.mf-progress').getAttribute('aria-valuenow');

    await page.reload();
    await expect(form(page)).toBeVisible({ timeout: 15_000 });
    expect((await currentQuestion(page)).id).toBe('7_1');
    expect(await page.locator('.mf-progress').getAttribute('aria-valuenow')).toBe(before);
    // Going back shows the earlier answer chosen.
    await page.locator('.mf-back').click();
    await expect(form(page)).toHaveAttribute('data-question', answered[answered.length - 1] ?? '');
    await expect(page.locator('.mf-option[aria-pressed="true"]')).toHaveText('No');
  });

  test('a Texas patient on the bare-medication form records the identity video and goes home', async ({
    page,
    request,
  }) => {
    const project = test.info().project.name;
    const patient = await apiPatient(request, texas, { gender: 'Male', kind: 'video' });
    await skipVerification(request, patient);
    await openFormFromVerify(page, patient, 'bare');
    const answered = await answerAll(page);
    // The bare-medication form does not ask for the two partner photos (14, 15).
    expect(answered).not.toContain('14');
    expect(answered).not.toContain('15');
    await expect(page).toHaveURL(new RegExp(`/upload-video/${patient.orderId}\\?state=TX$`));
    const videoPage = page.locator('main[data-page="upload-video"]');
    await expect(videoPage).toBeVisible();
    await expect(videoPage.getByRole('heading', { level: 1 })).toHaveText(
      'A Quick Video is Required (Per Texas Regulations)',
    );
    await shot(page, 'medical-form-identity-video', project);

    const video = await recordTestVideo(page);
    await page
      .locator('#uv-gallery')
      .setInputFiles({ name: 'me.webm', mimeType: 'video/webm', buffer: video });
    await expect(page.locator('.uv-file__name')).toHaveText('me.webm', { timeout: 15_000 });
    await page.locator('#uv-upload').click();
    await expect(page).toHaveURL(/\/home$/, { timeout: 30_000 });
  });
});
