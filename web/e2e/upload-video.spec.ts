/**
 * The identity video page (spec 002 sections 2, 4, 5 and 8) against the real gateway: a paying
 * Texas patient opens /upload-video/{order}; a document is refused as the wrong type; a video
 * (an MP4 header the browser cannot play, so 8 seconds are assumed) goes through get-signed-url
 * and the PUT to the signed URL, then upload-av-video. Without a submitted assessment the server
 * refuses to record it and the page shows its message; with the recording answered (routed in
 * the browser) the page says so and goes home. The page reads a chosen video's length (the
 * Content-Security-Policy lets it open the file through a blob: URL): a 2-second clip is "Video
 * Too Short" and a 7-second one is taken at once, without the 10-second wait; its upload link
 * takes one PUT.
 *
 * The clips are fixtures/clip-2s.webm and clip-7s.webm (made by fixtures/make-clips.ts).
 * Screenshots land in test-results/screenshots/<project>-upload-video-*.png.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { apiPatient, keepSession, type Address, type ApiPatient } from './patients';
import { shot } from './quiz';
import { waitForApp } from './support';

const texas: Address = {
  addressLine1: '1100 Congress Avenue',
  city: 'Austin',
  state: 'TX',
  zip: '78701',
};

/** An MP4 by its first bytes (an `ftyp` box of brand isom), padded: what the server checks. */
const mp4 = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from('ftypisom', 'latin1'),
  Buffer.from([0, 0, 2, 0]),
  Buffer.from('isommp41', 'latin1'),
  Buffer.alloc(4096),
]);

const fixtures = join(dirname(fileURLToPath(import.meta.url)), 'fixtures');
/** A WebM recorded by Chromium's MediaRecorder, `seconds` long (its header says so). */
const clip = (seconds: 2 | 7) => ({
  name: `clip-${seconds}s.webm`,
  mimeType: 'video/webm',
  buffer: readFileSync(join(fixtures, `clip-${seconds}s.webm`)),
});

const page$ = (page: Page) => page.locator('main[data-page="upload-video"]');
const uploadButton = (page: Page) => page.locator('#uv-upload');
const problemTitle = (page: Page) => page.locator('.uv-problem__title');

async function openVideoPage(page: Page, patient: ApiPatient, query = ''): Promise<void> {
  await keepSession(page, patient);
  await page.goto(`/upload-video/${patient.orderId}${query}`);
  await waitForApp(page);
  await expect(page$(page)).toBeVisible({ timeout: 15_000 });
}

async function chooseVideo(page: Page): Promise<void> {
  await page
    .locator('#uv-gallery')
    .setInputFiles({ name: 'me.mp4', mimeType: 'video/mp4', buffer: mp4 });
  // Chromium cannot play these bytes: the page assumes 8 seconds.
  await expect(page.locator('.uv-file__name')).toHaveText('me.mp4', { timeout: 15_000 });
  await expect(page.locator('.uv-file__meta')).toContainText('0:08');
}

test.describe('identity video', () => {
  test('checks the file, uploads it and shows what the server says', async ({
    page,
    request,
  }, info) => {
    const patient = await apiPatient(request, texas, { kind: 'video' });
    await openVideoPage(page, patient, '?state=TX');
    await expect(page.locator('h1')).toHaveText(
      'A Quick Video is Required (Per Texas Regulations)',
    );
    await expect(page.locator('#uv-gallery')).toHaveAttribute(
      'accept',
      'video/*,.mp4,.mov,.avi,.webm',
    );
    await shot(page, 'upload-video-start', info.project.name);

    await uploadButton(page).click();
    await expect(problemTitle(page)).toHaveText('No File Selected');

    await page
      .locator('#uv-gallery')
      .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hi') });
    await expect(problemTitle(page)).toHaveText('Wrong File Type');

    await chooseVideo(page);
    await expect(problemTitle(page)).toHaveCount(0);

    const put = page.waitForResponse((r) => r.request().method() === 'PUT');
    const recorded = page.waitForResponse((r) => r.url().endsWith('/api/upload-av-video'));
    await uploadButton(page).click();
    expect((await put).ok()).toBe(true);
    // No submitted assessment on this order: the server refuses to record the video.
    expect((await recorded).status()).toBe(409);
    await expect(problemTitle(page)).toHaveText('Video Not Accepted');
    await expect(page.locator('.uv-problem__message')).not.toBeEmpty();
    await expect(uploadButton(page)).toHaveText('Try Again');
    await shot(page, 'upload-video-refused', info.project.name);
  });

  test('reads the length of a chosen video: 2 seconds is too short, 7 seconds goes at once', async ({
    page,
    request,
  }, info) => {
    const patient = await apiPatient(request, texas, { kind: 'video' });
    let sent: unknown = null;
    await page.route('**/api/upload-av-video', async (route) => {
      sent = route.request().postDataJSON();
      await route.fulfill({ json: { success: true, message: 'Video uploaded successfully!' } });
    });
    await openVideoPage(page, patient, '?state=TX');

    await page.locator('#uv-gallery').setInputFiles(clip(2));
    // Read from the file, not assumed after the 10-second wait.
    await expect(problemTitle(page)).toHaveText('Video Too Short', { timeout: 5_000 });
    await expect(page.locator('.uv-problem__message')).toHaveText(
      'Your video must be at least 5 seconds long.',
    );
    await shot(page, 'upload-video-too-short', info.project.name);

    const chosen = Date.now();
    await page.locator('#uv-gallery').setInputFiles(clip(7));
    await expect(page.locator('.uv-file__name')).toHaveText('clip-7s.webm', { timeout: 5_000 });
    await expect(page.locator('.uv-file__meta')).toContainText('0:07');
    expect(Date.now() - chosen).toBeLessThan(5_000);
    await expect(problemTitle(page)).toHaveCount(0);

    const put = page.waitForRequest((r) => r.method() === 'PUT');
    await uploadButton(page).click();
    const stored = await put;
    expect(stored.headers()['if-none-match']).toBe('*');
    await expect(uploadButton(page)).toHaveText('Video Uploaded Successfully!');
    expect(sent).toMatchObject({ s3FileName: expect.stringMatching(/clip-7s\.webm$/) });

    // The link is spent: a second PUT through it cannot replace the video.
    const again = await request.put(stored.url(), {
      headers: { 'Content-Type': 'video/webm', 'If-None-Match': '*' },
      data: readFileSync(join(fixtures, 'clip-2s.webm')),
    });
    expect(again.status()).toBe(412);
  });

  test('says the video is uploaded and goes home once recorded', async ({ page, request }) => {
    const patient = await apiPatient(request, texas, { kind: 'video' });
    let sent: unknown = null;
    await page.route('**/api/upload-av-video', async (route) => {
      sent = route.request().postDataJSON();
      await route.fulfill({ json: { success: true, message: 'Video uploaded successfully!' } });
    });
    await openVideoPage(page, patient);
    // No query: the patient's own state.
    await expect(page.locator('h1')).toHaveText(
      'A Quick Video is Required (Per Texas Regulations)',
    );
    await chooseVideo(page);
    await uploadButton(page).click();
    await expect(uploadButton(page)).toHaveText('Video Uploaded Successfully!');
    await expect(page).toHaveURL(/\/home$/, { timeout: 10_000 });
    expect(sent).toEqual({
      s3FileName: expect.stringMatching(/me\.mp4$/),
      uniqueId: String(patient.orderId),
    });
  });
});
