/**
 * The clinician's review as the two people meet it (issue 16), in two browser contexts: a patient
 * pays, skips verification and submits the medical form in the browser; the demo clinician logs
 * in at /console, opens the case, claims it and approves a schedule; the patient sees
 * /prescription/{id}, declines and asks for other doses; the case comes back to the queue marked
 * as an adjustment, the clinician approves again and the patient approves. And a denial: the
 * patient reads the clinician's reason at /rejected/{id} and the refund email is in the mailbox.
 *
 * A new case, read on the clinician's phone before the claim, shows an empty message thread (not
 * an error), the other medical conditions and its photos by short labels.
 *
 * Every test runs at phone and desktop widths; screenshots land in
 * test-results/screenshots/<project>-clinic-*.png.
 */
import { expect, test } from '@playwright/test';
import {
  approve,
  claimFromQueue,
  clinician,
  clinicianPage,
  deny,
  staffPage,
  submittedPatient,
} from './clinic-steps';
import { png } from './medical-form-steps';
import { shot } from './quiz';
import { mailTo } from './support';

test.describe("the clinician's review", () => {
  // Two people, the whole medical form and two decisions: longer than one page's journey.
  test.setTimeout(120_000);

  test('approve, the patient asks for other doses, approve again, the patient approves', async ({
    page,
    request,
    browser,
    baseURL,
  }) => {
    const project = test.info().project.name;
    const patient = await submittedPatient(page, request, { gender: 'Female', kind: 'review' });
    const orderId = patient.orderId;

    // The new case as a clinician on a phone reads it, before anyone claimed it: the messages
    // are an empty thread (no red error), the health notes name other conditions, the photos
    // carry short labels.
    const phone = await staffPage(browser, baseURL!, clinician, page.viewportSize() ?? undefined);
    await expect(async () => {
      await phone.goto(`/console/review-queue/${orderId}`);
      await expect(phone.locator('.cv-head')).toBeVisible({ timeout: 3_000 });
    }).toPass({ timeout: 30_000 });
    const messages = phone.getByRole('region', { name: 'Messages with the patient' });
    await expect(messages).toContainText('No messages yet.');
    await expect(messages).toContainText('claim their case first');
    await expect(messages).not.toContainText('could not load');
    await expect(phone.getByRole('region', { name: 'Health notes' })).toContainText(
      'Other medical conditions',
    );
    const files = phone.getByRole('region', { name: 'Files' });
    await expect(files.getByRole('button', { name: 'Full-body photo' })).toBeVisible();
    await expect(files.getByRole('button', { name: 'Photo ID' })).toBeVisible();
    await expect(phone.getByRole('region', { name: 'Answers' })).toContainText(
      'Photo ID (in Files)',
    );
    await expect(phone.locator('main')).not.toContainText(/_full_body_image_|_id_image_/);
    await shot(phone, 'clinic-new-case', project);
    await phone.context().close();

    const desk = await clinicianPage(browser, baseURL!);
    await claimFromQueue(desk, orderId);
    await expect(desk.getByRole('heading', { name: 'Answers' })).toBeVisible();
    // The claim opened the patient's record: the clinician may now write to them.
    await expect(desk.getByLabel(/^Reply to /)).toBeVisible({ timeout: 15_000 });
    await shot(desk, 'clinic-case', project);
    await approve(desk);

    // The patient confirms on the page the email links to.
    await expect(async () => {
      const subjects = (await mailTo(request, patient.email)).map((m) => m.subject);
      expect(subjects).toContain('Your prescription is ready for you to review');
    }).toPass({ timeout: 20_000 });
    await page.goto(`/prescription/${orderId}`);
    await expect(page.locator('main[data-page="prescription"] .rx-item').first()).toBeVisible({
      timeout: 15_000,
    });
    await shot(page, 'clinic-prescription', project);
    await page.locator('#rx-decline').click();
    await expect(page).toHaveURL(new RegExp(`/adjust-doses/${orderId}$`));
    const adjust = page.locator('main[data-page="adjust-doses"]');
    await expect(adjust).toHaveAttribute('data-question', 'doses', { timeout: 15_000 });
    await page.locator('#mf-next').click();
    await expect(adjust).toHaveAttribute('data-question', 'photo');
    await page
      .locator('.mf-upload input[type=file]')
      .setInputFiles({ name: 'vial-label.png', mimeType: 'image/png', buffer: png });
    await page.locator('#mf-upload-confirm').click();
    await expect(page.locator('.rx-photo-done')).toBeVisible({ timeout: 15_000 });
    await page.locator('#rx-submit').click();
    await expect(page).toHaveURL(/\/home$/, { timeout: 20_000 });

    // Back in the queue as an adjustment request, free to claim again.
    await expect(async () => {
      await desk.goto(`/console/review-queue/${orderId}`);
      await expect(desk.getByText('Adjustment requested').first()).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await claimFromQueue(desk, orderId);
    await shot(desk, 'clinic-adjustment', project);
    await approve(desk);

    await expect(async () => {
      await page.goto(`/prescription/${orderId}`);
      await expect(page.locator('#rx-approve')).toBeVisible({ timeout: 3_000 });
    }).toPass({ timeout: 30_000 });
    await page.locator('#rx-approve').click();
    await expect(page).toHaveURL(/\/home$/, { timeout: 20_000 });

    // The clinic records the acceptance: the case is done.
    await expect(async () => {
      await desk.goto(`/console/review-queue/${orderId}`);
      await expect(desk.getByTestId('claim-bar')).toContainText('Decided', { timeout: 2_000 });
      await expect(desk.locator('.cv-head__tags .cq-status')).toHaveText('Accepted', {
        timeout: 2_000,
      });
    }).toPass({ timeout: 30_000 });
    await desk.context().close();
  });

  test('a denial: the patient reads the reason and is refunded', async ({
    page,
    request,
    browser,
    baseURL,
  }) => {
    const project = test.info().project.name;
    const patient = await submittedPatient(page, request, { gender: 'Male', kind: 'denied' });
    const orderId = patient.orderId;

    const desk = await clinicianPage(browser, baseURL!);
    await claimFromQueue(desk, orderId);
    const reason =
      'Your blood pressure readings need to be under control before this medicine is safe for you. Please see your doctor, and you are welcome to apply again.';
    await deny(desk, reason);
    await desk.context().close();

    await expect(async () => {
      const subjects = (await mailTo(request, patient.email)).map((m) => m.subject);
      expect(subjects).toEqual(
        expect.arrayContaining(['An update on your application', 'Your refund is on its way']),
      );
    }).toPass({ timeout: 30_000 });
    const update = (await mailTo(request, patient.email)).find(
      (m) => m.subject === 'An update on your application',
    );
    expect(update?.body).toContain(`/rejected/${orderId}`);

    await page.goto(`/rejected/${orderId}`);
    await expect(page.getByText(reason)).toBeVisible({ timeout: 15_000 });
    await shot(page, 'clinic-rejected', project);
  });
});
