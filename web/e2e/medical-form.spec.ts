/**
 * The medical form as a paying patient meets it (spec 002 sections 2 to 5, issue 15): from
 * /verify to the form of the payment's order, every question answered as a patient with nothing
 * to report would (an image uploaded where asked; a goal weight not below the current one
 * refused in the quiz's words; 15 and 5.5 refused on the 1 to 10 motion-sickness scale, with a
 * Next that looks disabled), submitted, home, and an email that the assessment arrived; a
 * contraindication and the "We Cannot Proceed" popup's Process Refund, which asks first (the
 * amount, what happens; Keep My Order changes nothing), refunded in full with an email; a reload
 * in the middle of the form that comes back to the same question with the answers kept.
 *
 * Every test runs at phone and desktop widths; screenshots land in
 * test-results/screenshots/<project>-medical-form-*.png.
 */
import { expect, test, type Page } from '@playwright/test';
import {
  answerAll,
  california,
  currentQuestion,
  form,
  openFormFromVerify,
  texas,
} from './medical-form-steps';
import { buttonLook, expectLooksDisabled } from './looks';
import { apiPatient } from './patients';
import { shot } from './quiz';
import { mailTo } from './support';

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

test.describe('the medical form', () => {
  test('a paying patient answers the form with a photo, submits it, and lands home', async ({
    page,
    request,
  }) => {
    const project = test.info().project.name;
    const patient = await apiPatient(request, california, { gender: 'Female', kind: 'form' });
    await openFormFromVerify(page, request, patient);
    await shot(page, 'medical-form-first-question', project);

    const card = page.locator('.mf-card');
    const answer = page.locator('#mf-answer');
    const next = page.locator('#mf-next');
    // The goal weight must be below the current weight (190 lbs), in the quiz's words.
    const answered = await answerAll(page, { shots: 'medical-form', stopAt: '2' });
    expect(answered).toEqual(['1']);
    await expect(card).toContainText('Your goal should be less than your current weight.');
    for (const goal of ['190', '0190', '205']) {
      await answer.fill(goal);
      await expect(next).toBeDisabled();
      await expect(card).toContainText('Desired weight should be less than current weight');
    }
    await shot(page, 'medical-form-goal-weight', project);
    await answer.fill('160');
    await expect(card).not.toContainText('Desired weight should be less than current weight');
    await next.click();
    answered.push('2', ...(await answerAll(page, { shots: 'medical-form', stopAt: '24' })));

    // The motion-sickness scale is bounded (1 to 10) and whole: the page says so, and 15 or 5.5
    // cannot go on; the disabled Next looks disabled (grey, its text still readable).
    await expect(card).toContainText('Enter a whole number from 1 to 10.');
    await answer.fill('3');
    await expect(next).toBeEnabled();
    const enabled = await buttonLook(next);
    for (const refused of ['15', '5.5']) {
      await answer.fill(refused);
      await expect(next).toBeDisabled();
      await expect(card).toContainText('Please enter a whole number from 1 to 10.');
      expectLooksDisabled(await buttonLook(next), enabled);
    }
    await shot(page, 'medical-form-scale-bounds', project);
    // The spec's lenient form: "04" is 4.
    await answer.fill('04');
    await expect(card).not.toContainText('Please enter');
    await next.click();
    answered.push('24', ...(await answerAll(page, { shots: 'medical-form' })));
    await expect(page).toHaveURL(/\/home$/, { timeout: 20_000 });
    // Women are asked about pregnancy; the photos and the consent were answered.
    expect(answered).toEqual(expect.arrayContaining(['0', '14', '15', '8', '8_confirm']));
    await shot(page, 'medical-form-home', project);

    // An email says the assessment arrived: once, in plain words, without a health answer.
    await expect(async () => {
      const received = (await mailTo(request, patient.email)).filter(
        (m) => m.subject === 'We received your medical assessment',
      );
      expect(received).toHaveLength(1);
      expect(received[0]?.body).toContain('within 24 hours');
      expect(received[0]?.body).not.toMatch(/pregnan|motion|weight|tirzepatide|semaglutide/i);
    }).toPass({ timeout: 20_000 });

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
    await openFormFromVerify(page, request, patient);
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

    // Process Refund asks first, with the amount and what happens; Keep My Order changes nothing.
    await popup.getByRole('button', { name: 'Process Refund' }).click();
    const confirm = page.locator('.mf-stop--confirm');
    await expect(confirm.getByRole('heading')).toHaveText('Cancel your order and get a refund?');
    await expect(confirm).toContainText(
      'We will cancel your order and refund $449.97 to the card you paid with.',
    );
    await expect(confirm).toContainText('5 to 10 business days');
    await shot(page, 'medical-form-refund-confirm', project);
    await confirm.getByRole('button', { name: 'Keep My Order' }).click();
    await expect(confirm).toBeHidden();
    await expect(popup.getByRole('heading')).toHaveText('We Cannot Proceed');
    const auth = { authorization: `Bearer ${patient.token}` };
    expect(
      (await request.get(`/forms/orders/${patient.orderId}`, { headers: auth })).status(),
    ).toBe(200);

    await popup.getByRole('button', { name: 'Process Refund' }).click();
    await confirm.getByRole('button', { name: 'Cancel and Refund' }).click();
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
    await openFormFromVerify(page, request, patient);
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
    await openFormFromVerify(page, request, patient, 'bare');
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
