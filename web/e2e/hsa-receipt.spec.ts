/**
 * The HSA/FSA receipt (issue 30, item 5) as a patient gets it from the Billing tab, on a phone
 * and at desktop width: beside each payment's invoice, a button that saves the itemised receipt
 * (the patient, the day of service, the medication and consultation lines, paid and refunded,
 * the clinic with its EIN); after a refund, the receipt shows it.
 *
 * Screenshots: test-results/screenshots/<project>-hsa-receipt-billing.png.
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { PDFParse } from 'pdf-parse';
import { california } from './medical-form-steps';
import { apiPatient, openPortal } from './patients';
import { shot } from './quiz';

const clinicDay = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'America/Los_Angeles',
});

async function pdfText(bytes: Uint8Array): Promise<string> {
  const parser = new PDFParse({ data: bytes });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

/** The element lies whole inside the screen, and a tap at its middle reaches it. */
async function wholeOnScreen(control: Locator): Promise<void> {
  await control.scrollIntoViewIfNeeded();
  const seen = await control.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const { clientWidth, clientHeight } = document.documentElement;
    const hit = document.elementFromPoint((box.left + box.right) / 2, (box.top + box.bottom) / 2);
    return {
      inside:
        box.left >= 0 && box.top >= 0 && box.right <= clientWidth && box.bottom <= clientHeight,
      reached: hit !== null && element.contains(hit),
    };
  });
  expect(seen).toEqual({ inside: true, reached: true });
}

/** Taps the payment's HSA/FSA receipt button; the saved file's name and text. */
async function downloadReceipt(page: Page, row: Locator): Promise<{ name: string; text: string }> {
  const downloading = page.waitForEvent('download');
  await row.getByRole('button', { name: /^Download HSA\/FSA receipt of / }).click();
  const download = await downloading;
  const bytes = await readFile(await download.path());
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  return { name: download.suggestedFilename(), text: await pdfText(new Uint8Array(bytes)) };
}

test('a patient saves the HSA/FSA receipt of a payment from the Billing tab, and of its refund', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(90_000);
  // A three-month semaglutide plan, paid with 4242 at the checkout.
  const patient = await apiPatient(request, california, { kind: 'hsa-receipt' });
  await openPortal(page, patient, 'billing');

  const section = page.getByRole('region', { name: 'Past Payments' });
  const rows = section.locator('tbody').getByRole('row');
  await expect(rows).toHaveCount(1, { timeout: 15_000 });
  const row = rows.first();
  const transactionId = (await row.getAttribute('data-transaction')) ?? '';
  expect(transactionId).toMatch(/^ch_/);
  // The receipt's date of service is the clinic's day (Pacific time), which the browser's list
  // may show as the day after in the evening: both from the same instant.
  const paidAt = (await row.locator('time').getAttribute('datetime')) ?? '';
  const paidOn = clinicDay.format(new Date(paidAt));

  // Beside the invoice's Download, both whole on the screen; the hint says what it is for.
  const receipt = row.getByRole('button', { name: /^Download HSA\/FSA receipt of / });
  await expect(receipt).toHaveText('HSA/FSA receipt');
  await wholeOnScreen(receipt);
  await wholeOnScreen(row.getByRole('button', { name: /^Download receipt of / }));
  await expect(section).toContainText('Paying with an HSA or FSA?');
  const [scrollWidth, clientWidth] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    document.documentElement.clientWidth,
  ]);
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth!);
  await shot(page, 'hsa-receipt-billing', testInfo.project.name);

  const paid = await downloadReceipt(page, row);
  expect(paid.name).toBe(`hsa-fsa-receipt-${transactionId}.pdf`);
  expect(paid.text).toContain('GLP Clinic Health, Inc. (demo)');
  expect(paid.text).toContain('Tax ID (EIN): 00-0000000');
  expect(paid.text).toMatch(/Patient\s+Jordan Rivera/);
  expect(paid.text).toMatch(new RegExp(`Date of service\\s+${paidOn}`));
  expect(paid.text).toMatch(/Compounded semaglutide, 3-month supply\s+\$449\.97/);
  expect(paid.text).toMatch(/Clinician consultation \(telehealth\)\s+Included/);
  expect(paid.text).toMatch(/Amount paid\s+\$449\.97/);
  expect(paid.text.replace(/\s+/g, ' ')).toContain('letter of medical necessity');

  // The patient withdraws before review: checkout refunds the order, and the receipt says so.
  const refunded = await request.post(`/api/process-refund/${patient.orderId}`, {
    headers: { authorization: `Bearer ${patient.token}` },
  });
  expect(refunded.ok()).toBe(true);
  await expect(async () => {
    await page.reload();
    await expect(rows.first().getByText('refunded')).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  const after = await downloadReceipt(page, rows.first());
  expect(after.text).toMatch(/Amount paid\s+\$449\.97/);
  expect(after.text).toMatch(/Refunded on [A-Z][a-z]{2} \d{1,2}, \d{4}\s+-\$449\.97/);
  expect(after.text).toMatch(/Net amount paid\s+\$0\.00/);
});
