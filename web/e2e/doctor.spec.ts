/**
 * Doctor on Demand (spec 002; issue 18) as the patient and the clinician meet it, in two
 * browsers: a patient submits the medical form and the demo clinician claims the case, which
 * opens the visit; the portal grows the Doctor on Demand tab with the doctor's card (name, NPI,
 * photo), the patient writes with a PDF (a file over 5 MB is refused with the spec's alert, a
 * text file named .png is refused by the server, which says which file and why), the
 * clinician answers from the console's Patient messages with a PDF of instructions (uploaded as
 * the patient's file), and the patient finds the answer labelled 'Doctor', both PDFs as links
 * that open; the dev mailbox shows the text that told the patient. Screenshots:
 * test-results/screenshots/<project>-doctor*.png.
 */
import { expect, test, type Page } from '@playwright/test';
import { askForMore, claimFromQueue, clinicianPage, submittedPatient } from './clinic-steps';
import { shot } from './quiz';
import { mailTo, waitForApp } from './support';

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
    const patient = await submittedPatient(page, request, { gender: 'Female', kind: 'doctor' });

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

    // A text file named .png passes the picker, but the server reads its bytes: the patient is
    // told which file and plainly why (it is a text file, not what its name says), the file
    // comes off the message, the text stays.
    const note = 'Here are my notes.';
    await page.getByLabel('Your message').fill(note);
    await fileInput.setInputFiles({
      name: 'notes.png',
      mimeType: 'image/png',
      buffer: Buffer.from('Blood sugar this morning: 5.4\n'),
    });
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(page.locator('.doctor-chat__failure')).toHaveText(
      '"notes.png" was not sent: it is not the kind of file its name says (.png). Please attach another file.',
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

    // The quiz's texts were agreed to: the patient was told by text (spec 002), which the dev
    // mailbox shows, without a word of what the doctor wrote.
    await page.goto(`/dev/mailbox?to=${patient.phone}`);
    const text = page.locator('article.sms').filter({ hasText: patient.phone });
    await expect(async () => {
      await page.reload();
      await expect(text.first()).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    await expect(text.first()).toContainText('GLP Clinic: your doctor replied to your message.');
    await expect(text.first()).toContainText('Reply STOP to opt out.');
    await expect(text.first()).not.toContainText('results look fine');
    await shot(page, 'doctor-replied-text', project);
  });

  test("the clinician's question reaches the patient in Doctor on Demand, from the Orders card, and the answer comes back to the case", async ({
    page,
    request,
    browser,
    baseURL,
  }) => {
    const project = test.info().project.name;
    const patient = await submittedPatient(page, request, { gender: 'Male', kind: 'question' });
    const orderId = patient.orderId;

    // The clinician asks a question before deciding (no video, no visit).
    const desk = await clinicianPage(browser, baseURL!);
    await claimFromQueue(desk, orderId);
    const question = `Before I decide: do you take any blood thinners? (${patient.line})`;
    await askForMore(desk, /Send a message/, question);
    // The case's thread with the patient has it (not "No messages yet").
    const pane = desk.getByRole('region', { name: 'Messages with the patient' });
    await expect(pane.getByRole('list', { name: 'Messages' })).toContainText(question, {
      timeout: 20_000,
    });
    await expect(pane).not.toContainText('Not started yet');
    await expect(pane).not.toContainText('No messages yet.');

    // The patient's card says the doctor wrote, and opens Doctor on Demand.
    const card = page.locator(`article.order-card[data-item-id="order-${orderId}"]`);
    const read = card.getByRole('link', { name: "Read your doctor's message" });
    await expect(async () => {
      await page.goto('/home?tab=orders');
      await waitForApp(page);
      await expect(read).toBeVisible({ timeout: 3_000 });
    }).toPass({ timeout: 30_000 });
    await expect(card.locator('.order-card__note')).toHaveText(
      'Your doctor wrote to you. Please read their message and answer it in Doctor on Demand, so they can finish your review.',
    );
    await fitsTheScreen(page);
    await shot(page, 'doctor-note-card', project);
    await read.click();
    await expect(page).toHaveURL(/\/home\?tab=doctor-on-demand$/);
    await expect(page.getByRole('tab', { name: 'Doctor on Demand' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const messages = page.getByRole('list', { name: 'Messages' });
    const asked = messages.getByRole('listitem').filter({ hasText: question });
    await expect(asked).toBeVisible({ timeout: 15_000 });
    await expect(asked.getByTestId('sender')).toContainText('Doctor');

    // The patient answers there; the clinician reads it beside the case.
    const answer = `No, none. (${patient.line})`;
    await page.getByLabel('Your message').fill(answer);
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(messages.getByText(answer)).toBeVisible();
    await fitsTheScreen(page);
    await shot(page, 'doctor-note-answered', project);
    // Answered: the card no longer asks for it.
    await expect(async () => {
      await page.goto('/home?tab=orders');
      await waitForApp(page);
      await expect(card).toBeVisible({ timeout: 3_000 });
      await expect(read).toHaveCount(0, { timeout: 1_000 });
    }).toPass({ timeout: 30_000 });
    await expect(card).not.toContainText('Your doctor wrote to you');
    await expect(async () => {
      await desk.reload();
      await expect(pane.getByRole('list', { name: 'Messages' })).toContainText(answer, {
        timeout: 3_000,
      });
    }).toPass({ timeout: 30_000 });
    await shot(desk, 'doctor-note-console', project);
    await desk.context().close();

    // The email says where to read and answer it; it is not the only copy.
    await expect(async () => {
      const mail = (await mailTo(request, patient.email)).find(
        (m) => m.subject === 'Your clinician has a question',
      );
      expect(mail?.body).toContain(question);
      expect(mail?.body).toContain('Read and answer it in your portal (Doctor on Demand):');
      expect(mail?.body).toContain('/home?tab=doctor-on-demand');
    }).toPass({ timeout: 20_000 });
  });
});
