/**
 * Doctor on Demand (spec 002; issue 18) as the patient and the clinician meet it, in two
 * browsers: a patient submits the medical form and the demo clinician claims the case, which
 * opens the visit; the portal grows the Doctor on Demand tab with the doctor's card (name, NPI,
 * photo), the patient writes with a PDF (a file over 5 MB is refused with the spec's alert, a
 * program renamed .pdf is refused by the server, which says which file and why), the
 * clinician answers from the console's Patient messages with a PDF of instructions (uploaded as
 * the patient's file), and the patient finds the answer labelled 'Doctor', both PDFs as links
 * that open. Screenshots:
 * test-results/screenshots/<project>-doctor*.png.
 */
import { expect, test, type Page } from '@playwright/test';
import { claimFromQueue, clinicianPage, submittedPatient } from './clinic-steps';
import { california, skipVerification } from './medical-form-steps';
import { apiPatient } from './patients';
import { shot } from './quiz';
import { waitForApp } from './support';

const pdf = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
);

async function fitsTheScreen(page: Page): Promise<void> {
  const [scrollWidth, clientWidth] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    document.documentElement.clientWidth,
  ]);
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
}

test.describe('Doctor on Demand', () => {
  // Two people and the whole medical form.
  test.setTimeout(150_000);

  test('the patient writes to the doctor with a PDF, and the clinician answers from the console with a PDF', async ({
    page,
    request,
    browser,
    baseURL,
  }) => {
    const project = test.info().project.name;
    const patient = await apiPatient(request, california, { gender: 'Female', kind: 'doctor' });
    await skipVerification(request, patient);
    await submittedPatient(page, patient);

    const desk = await clinicianPage(browser, baseURL!);
    await claimFromQueue(desk, patient.orderId);

    // The claim opened the visit: the portal shows the tab (it needs a health id).
    const tab = page.getByRole('tab', { name: 'Doctor on Demand' });
    await expect(async () => {
      await page.goto('/home');
      await waitForApp(page);
      await expect(tab).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await tab.click();
    await expect(page).toHaveURL(/tab=doctor-on-demand/);
    const card = page.getByRole('region', { name: 'Your doctor', exact: true });
    await expect(card).toContainText('NPI 1234567893', { timeout: 15_000 });
    await expect(card.getByRole('img')).toBeVisible();
    await expect(
      page.getByText(
        'How can I help you today? Feel free to tell me about your symptoms or ask questions.',
      ),
    ).toBeVisible();
    // The floating chat bubble steps aside; the support chat is a button here.
    await expect(page.getByRole('button', { name: 'Chat with support' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Chat with Customer Service' })).toBeVisible();
    await fitsTheScreen(page);
    await shot(page, 'doctor-tab', project);

    // A file over 5 MB: the spec's alert, nothing attached.
    const alerts: string[] = [];
    page.on('dialog', (dialog) => {
      alerts.push(dialog.message());
      void dialog.dismiss();
    });
    const fileInput = page.locator('input[type=file]');
    await fileInput.setInputFiles({
      name: 'scan.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.alloc(5_242_881, 0x20),
    });
    await expect
      .poll(() => alerts)
      .toEqual(['File "scan.pdf" is too large. Maximum size is 5 MB.']);
    await expect(page.getByRole('list', { name: 'Files to send' })).toHaveCount(0);

    // A program renamed .pdf passes the picker, but the server reads its bytes: the patient is
    // told which file and why, the file comes off the message, the text stays.
    const note = 'Here is my report.';
    await page.getByLabel('Your message').fill(note);
    await fileInput.setInputFiles({
      name: 'report.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)]),
    });
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(page.locator('.doctor-chat__failure')).toHaveText(
      '"report.pdf" was not sent: its contents are not a PDF, Word document, text file, image or video. Please attach another file.',
    );
    await expect(page.getByRole('list', { name: 'Files to send' })).toHaveCount(0);
    await expect(page.getByLabel('Your message')).toHaveValue(note);
    await fitsTheScreen(page);
    await shot(page, 'doctor-refused-file', project);

    const question = `My lab results are attached. (${patient.line})`;
    await page.getByLabel('Your message').fill(question);
    await fileInput.setInputFiles({ name: 'labs.pdf', mimeType: 'application/pdf', buffer: pdf });
    await expect(page.getByRole('list', { name: 'Files to send' })).toContainText('labs.pdf');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    const messages = page.getByRole('list', { name: 'Messages' });
    await expect(messages.getByText(question)).toBeVisible();
    await expect(messages.getByRole('link', { name: /labs\.pdf/ })).toBeVisible();

    // The clinician finds it waiting under Patient messages and answers.
    await desk.goto('/console/patient-messages');
    const row = desk.getByRole('link', { name: new RegExp(patient.line.replace(/[()]/g, '')) });
    await expect(async () => {
      await desk.reload();
      await expect(row.first()).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    await row.first().click();
    const thread = desk.getByRole('list', { name: 'Messages' });
    await expect(thread.getByText(question)).toBeVisible();
    const file = thread.getByRole('link', { name: /labs\.pdf/ });
    await expect(file).toBeVisible();
    const download = await desk.request.get((await file.getAttribute('href')) ?? '');
    expect(download.status()).toBe(200);
    expect((await download.body()).subarray(0, 5).toString()).toBe('%PDF-');
    const answer = 'Thank you, your results look fine. Keep the same dose this month.';
    await desk.getByLabel(/^Reply to /).fill(answer);
    // The answer carries the instructions as a PDF.
    await expect(desk.getByRole('button', { name: 'Attach a file' })).toBeVisible();
    await desk.locator('input[type=file]').setInputFiles({
      name: 'instructions.pdf',
      mimeType: 'application/pdf',
      buffer: pdf,
    });
    await expect(desk.getByRole('list', { name: 'Files to send' })).toContainText(
      'instructions.pdf',
    );
    await desk.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(thread.getByText(answer)).toBeVisible();
    const answered = thread.getByRole('listitem').filter({ hasText: answer });
    await expect(answered.getByRole('link', { name: /instructions\.pdf/ })).toBeVisible();
    await expect(desk.getByRole('list', { name: 'Files to send' })).toHaveCount(0);
    await shot(desk, 'doctor-console-thread', project);

    // The patient reads the answer, labelled Doctor.
    await page.reload();
    await waitForApp(page);
    const reply = messages.getByRole('listitem').filter({ hasText: answer });
    await expect(reply).toBeVisible({ timeout: 15_000 });
    await expect(reply).toContainText('Doctor');
    // The doctor's PDF, as a link to the patient's own file that opens.
    const instructions = reply.getByRole('link', { name: /instructions\.pdf/ });
    await expect(instructions).toBeVisible();
    const fetched = await page.request.get((await instructions.getAttribute('href')) ?? '');
    expect(fetched.status()).toBe(200);
    expect((await fetched.body()).subarray(0, 5).toString()).toBe('%PDF-');
    await fitsTheScreen(page);
    await shot(page, 'doctor-answered', project);
    await desk.context().close();
  });
});
