/**
 * A file that is no photo is refused where it is chosen (issue 26): a paying patient reaches the
 * medical form's first photo question and chooses a text file named photo.png. The page reads
 * its bytes, says "This file is not a photo. Please choose a JPEG, PNG or HEIC picture.", shows
 * no preview, sends nothing to the server and offers no "Keep my uploaded image". A real photo
 * chosen next is uploaded (one PUT, with If-None-Match: *), checked by the server right after
 * its PUT, and becomes the answer; the same upload link then refuses a second PUT.
 *
 * Screenshots land in test-results/screenshots/<project>-refused-photo-*.png.
 */
import { expect, test } from '@playwright/test';
import {
  answerAll,
  california,
  currentQuestion,
  form,
  openFormFromVerify,
  png,
} from './medical-form-steps';
import { apiPatient } from './patients';
import { shot } from './quiz';

/** What the patient reads, verbatim. */
const notAPhoto = 'This file is not a photo. Please choose a JPEG, PNG or HEIC picture.';

test('a text file named .png is refused when chosen, in the patient’s words; a real photo goes through', async ({
  page,
  request,
}) => {
  const project = test.info().project.name;
  const patient = await apiPatient(request, california, { gender: 'Female', kind: 'form' });
  await openFormFromVerify(page, request, patient);
  await answerAll(page, { stopAtType: 'image_upload' });
  const question = await currentQuestion(page);
  expect(question.type).toBe('image_upload');

  const uploadCalls: string[] = [];
  page.on('request', (r) => {
    if (/\/api\/(get-signed-url|uploads\/)|\/forms\/uploads\//.test(r.url()))
      uploadCalls.push(`${r.method()} ${r.url()}`);
  });
  await page.locator('.mf-upload input[type=file]').setInputFiles({
    name: 'photo.png',
    mimeType: 'image/png',
    buffer: Buffer.from('Dear doctor,\nthis is not a picture at all.\n'),
  });
  const alert = form(page).locator('.mf-upload [role="alert"]');
  await expect(alert).toHaveText(notAPhoto);
  await expect(form(page).locator('.mf-upload')).toHaveAttribute('data-state', 'idle');
  await expect(form(page).locator('.mf-upload__preview')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Keep my uploaded image' })).toHaveCount(0);
  await expect(form(page)).not.toContainText(/Question \w+:|user_med_images/);
  await shot(page, 'refused-photo-refused', project);
  expect(uploadCalls).toEqual([]);

  // A real photo: one PUT that can be made once, the server's check, then the next question.
  const put = page.waitForRequest((r) => r.method() === 'PUT');
  const checked = page.waitForResponse((r) => /\/api\/uploads\/[^/]+\/check$/.test(r.url()));
  await page
    .locator('.mf-upload input[type=file]')
    .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
  await expect(alert).toHaveCount(0);
  await expect(form(page).locator('.mf-upload__name')).toHaveText('me.png');
  await page.locator('#mf-upload-confirm').click();
  const sent = await put;
  expect(sent.headers()['if-none-match']).toBe('*');
  expect((await checked).status()).toBe(200);
  await expect(form(page)).not.toHaveAttribute('data-question', question.id, { timeout: 15_000 });

  // The link is spent: a second PUT through it cannot replace the checked photo.
  const again = await request.put(sent.url(), {
    headers: { 'Content-Type': 'image/png', 'If-None-Match': '*' },
    data: Buffer.from('MZ this would be a program'),
  });
  expect(again.status()).toBe(412);
});
