/**
 * Every next step is reachable from the portal, never only from an email (issue 26). Two
 * journeys, each step clicked from the patient's Orders tab:
 *
 * - From the quiz to a delivered order and a reship: a Texas visitor takes the quiz, pays,
 *   skips verification and sends the bare-medication form; leaves the identity video page and
 *   comes back to it from the card ("Record your identity video"); the clinician approves; the
 *   patient opens "Review your prescription" from the card and approves; the pharmacist places,
 *   ships and delivers; the card offers "Request a Replacement" while the 7-day window is open,
 *   the wizard refuses a text file named .png as evidence when it is chosen and takes a photo
 *   and the request, the card says it is being reviewed; support finds the order by its number
 *   with its patient and the pending request; the pharmacist approves
 *   and the replacement appears as its own card.
 * - A video state and a denial: a Californian's assessment is sent; the clinician requires the
 *   identity video; the card says the doctor needs it (not the visit text) and links the page,
 *   whose heading says the doctor asked for it (no Californian regulation does);
 *   once it is in, the clinician denies; the card shows the doctor's step "Not approved" and
 *   links the decision at /rejected/{order}.
 *
 * The video's bytes are sent as the page sends them (get-signed-url, the PUT, upload-av-video)
 * from the test once the page is reached from the card: the page's own checks are
 * upload-video.spec.ts's. Screenshots land in test-results/screenshots/<project>-next-steps-*.png.
 */
import { expect, test, type Page } from '@playwright/test';
import { fillCard, fillShipping, reachCheckout } from './checkout-steps';
import {
  approve,
  askForMore,
  claimFromQueue,
  clinicianPage,
  deny,
  pharmacist,
  staffPage,
  submittedPatient,
  supportAgent,
} from './clinic-steps';
import { answerAll, png } from './medical-form-steps';
import { shot } from './quiz';
import { readStorage, SESSION_KEY } from './support';

/** An MP4 by its first bytes (an `ftyp` box of brand isom), padded: what the server checks. */
const mp4 = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from('ftypisom', 'latin1'),
  Buffer.from([0, 0, 2, 0]),
  Buffer.from('isommp41', 'latin1'),
  Buffer.alloc(4096),
]);

/** A valid UPS number (its check digit holds). */
const upsNumber = '1Z999AA10123456784';

/** The order's own card on the Orders tab. */
const orderCard = (page: Page, orderId: number) =>
  page.locator(`article.order-card[data-item-id="order-${orderId}"]`);

/** Reloads the patient's Orders tab until `check` holds (the read model follows by events). */
async function ordersUntil(page: Page, check: () => Promise<void>): Promise<void> {
  await expect(async () => {
    await page.goto('/home?tab=orders');
    await expect(page.getByRole('tab', { name: 'Orders' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await check();
  }).toPass({ timeout: 30_000 });
}

/** The bearer token a page's session keeps (the patient's, or a staff member's). */
async function tokenOf(page: Page): Promise<string> {
  const raw = await readStorage(page, SESSION_KEY);
  return (JSON.parse(raw ?? '{}') as { token: string }).token;
}

/**
 * The identity video as the page sends it: a signed URL, the one PUT of the bytes, then
 * upload-av-video, with the patient's session.
 */
async function sendVideo(page: Page, orderId: number): Promise<void> {
  const authorization = `Bearer ${await tokenOf(page)}`;
  const signed = await page.request.post('/api/get-signed-url', {
    headers: { authorization },
    data: { filename: 'me.mp4', content_type: 'video/mp4', form_id: orderId },
  });
  expect(signed.ok()).toBe(true);
  const { upload_url, file_name } = (await signed.json()) as {
    upload_url: string;
    file_name: string;
  };
  const put = await page.request.put(upload_url, {
    // A signed URL stores one file once: the page's PUT says so (If-None-Match: *).
    headers: { 'content-type': 'video/mp4', 'if-none-match': '*' },
    data: mp4,
  });
  expect(put.ok()).toBe(true);
  const recorded = await page.request.post('/api/upload-av-video', {
    headers: { authorization },
    data: { s3FileName: file_name, uniqueId: String(orderId) },
  });
  expect(recorded.status()).toBe(200);
}

/** The pharmacy's shipment of a step list for the order (from the pharmacist's own API). */
async function shipmentOf(pharmacy: Page, orderId: number, kind: string): Promise<number> {
  const authorization = `Bearer ${await tokenOf(pharmacy)}`;
  let id = 0;
  await expect(async () => {
    const res = await pharmacy.request.get('/api/console/pharmacy/shipments?filter=to-place', {
      headers: { authorization },
    });
    expect(res.ok()).toBe(true);
    const { shipments } = (await res.json()) as {
      shipments: { shipmentId: number; orderId: number; kind: string }[];
    };
    id = shipments.find((s) => s.orderId === orderId && s.kind === kind)?.shipmentId ?? 0;
    expect(id).toBeGreaterThan(0);
  }).toPass({ timeout: 30_000 });
  return id;
}

/** The pharmacist places, ships (UPS) and delivers the shipment from the console. */
async function placeShipDeliver(pharmacy: Page, shipmentId: number): Promise<void> {
  const row = pharmacy.locator(`tr.ph-row[data-shipment-id="${shipmentId}"]`);
  await expect(async () => {
    await pharmacy.goto('/console/orders-to-place');
    await expect(row).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  await row.click();
  const panel = pharmacy.locator('#ph-panel-actions');
  await panel.getByRole('button', { name: 'Place order' }).click();
  await expect(panel.getByRole('heading', { name: 'Placed' })).toBeVisible();
  const shipForm = panel.getByRole('form', { name: 'Ship' });
  await shipForm.getByLabel('Carrier').selectOption('UPS');
  await shipForm.getByLabel('Tracking number').fill(upsNumber);
  await shipForm.getByRole('button', { name: 'Ship' }).click();
  await expect(panel.getByRole('heading', { name: 'Shipped' })).toBeVisible();
  await panel.getByRole('button', { name: 'Mark delivered' }).click();
  await expect(panel.getByRole('heading', { name: 'Delivered' })).toBeVisible();
}

/** The clinician's case of the order, held by them (claimed now if it is not yet). */
async function holdCase(desk: Page, orderId: number): Promise<void> {
  const bar = desk.getByTestId('claim-bar');
  await expect(async () => {
    await desk.goto(`/console/review-queue/${orderId}`);
    await expect(bar).toContainText(/You are reviewing this case|Claim the case/, {
      timeout: 3_000,
    });
  }).toPass({ timeout: 30_000 });
  const claim = bar.getByRole('button', { name: 'Claim' });
  if (await claim.isVisible()) await claim.click();
  await expect(bar).toContainText('You are reviewing this case.');
}

test.describe('every next step from the portal', () => {
  // Three people, the quiz, the form, the review, the pharmacy and a reship.
  test.setTimeout(300_000);

  test('from the quiz to a delivered order and a reship, the identity video on the way', async ({
    page,
    browser,
    baseURL,
  }) => {
    const project = test.info().project.name;
    const viewport = test.info().project.use.viewport ?? { width: 1280, height: 800 };

    // The quiz in Texas (a video state), the checkout with 4242, the upsell and the status page.
    await reachCheckout(page);
    await fillShipping(page);
    await fillCard(page, '4242 4242 4242 4242');
    const checkout = page.waitForResponse(
      (r) => new URL(r.url()).pathname === '/api/checkout-new' && r.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Pay $1,349.82' }).click();
    const paid = (await (await checkout).json()) as { prescriptionPreauths: { orderId: number }[] };
    const orderId = paid.prescriptionPreauths[0]!.orderId;
    await expect(page).toHaveURL(/\/payment\/thanks\?/);
    await page.getByRole('button', { name: 'Add To Order' }).click();
    await page.getByRole('button', { name: 'Next Step' }).click();
    await page.getByRole('link', { name: 'Complete Medical Form' }).click();

    // Verification skipped, on to the bare-medication form, then to the identity video.
    await expect(page).toHaveURL(/\/verify$/);
    await page.getByRole('button', { name: 'Skip verification' }).click();
    await expect(page.locator('#verify-title')).toHaveText('Verify your email address');
    await page.getByRole('button', { name: 'Skip verification' }).click();
    await expect(page).toHaveURL(new RegExp(`/medical-form/${orderId}\\?type=bare$`), {
      timeout: 15_000,
    });
    await answerAll(page);
    await expect(page).toHaveURL(new RegExp(`/upload-video/${orderId}\\?state=TX$`), {
      timeout: 20_000,
    });

    // The patient leaves the video page; the portal leads back to it.
    const card = orderCard(page, orderId);
    const videoLink = card.getByRole('link', { name: 'Record your identity video' });
    await ordersUntil(page, async () => {
      await expect(videoLink).toBeVisible({ timeout: 3_000 });
    });
    await expect(card).toHaveAttribute('data-status', 'pending_approval');
    await expect(card.locator('.order-card__note')).toContainText(
      'Your state requires a short identity video',
    );
    await shot(page, 'next-steps-video-missing', project);
    await videoLink.click();
    await expect(page).toHaveURL(new RegExp(`/upload-video/${orderId}$`));
    await expect(page.locator('h1')).toHaveText(
      'A Quick Video is Required (Per Texas Regulations)',
    );
    await sendVideo(page, orderId);

    // In: the order waits for the doctor, with nothing more to do.
    await ordersUntil(page, async () => {
      await expect(card).toHaveAttribute('data-status', 'waiting_prescription', {
        timeout: 3_000,
      });
    });
    await expect(card.locator('a.tracker__action')).toHaveCount(0);

    // The clinician approves; the card offers the prescription, then the spec's adjust link.
    const desk = await clinicianPage(browser, baseURL!);
    await claimFromQueue(desk, orderId);
    await approve(desk);
    await desk.context().close();
    const review = card.getByRole('link', { name: 'Review your prescription' });
    await ordersUntil(page, async () => {
      await expect(review).toBeVisible({ timeout: 3_000 });
    });
    await expect(card.locator('a.tracker__action')).toHaveText([
      'Review your prescription',
      'Review & Adjust Doses',
    ]);
    await expect(card.getByRole('link', { name: 'Review & Adjust Doses' })).toHaveAttribute(
      'href',
      `/adjust-doses/${orderId}`,
    );
    await shot(page, 'next-steps-prescription', project);
    await review.click();
    await expect(page).toHaveURL(new RegExp(`/prescription/${orderId}$`));
    await page.locator('#rx-approve').click();
    await expect(page).toHaveURL(/\/home$/, { timeout: 20_000 });

    // The pharmacist places, ships and delivers.
    const pharmacy = await staffPage(browser, baseURL!, pharmacist, viewport);
    await placeShipDeliver(pharmacy, await shipmentOf(pharmacy, orderId, 'first'));

    // Delivered: the card offers the reship wizard while the window is open.
    const reshipLink = card.getByRole('link', { name: 'Request a Replacement' });
    await ordersUntil(page, async () => {
      await expect(card).toHaveAttribute('data-status', 'order_delivered', { timeout: 3_000 });
    });
    await expect(card.locator('.order-card__status')).toHaveText('complete');
    await expect(card).toContainText('You can ask for a replacement until');
    await shot(page, 'next-steps-delivered', project);
    await reshipLink.click();
    await expect(page).toHaveURL(/\/replacement-request$/);
    const wizard = page.locator('main[data-page="replacement-request"]');
    await expect(wizard).toHaveAttribute('data-step', 'items', { timeout: 15_000 });
    await page.locator('.rs-item input').first().check();
    await page.locator('#rs-continue').click();
    await expect(wizard).toHaveAttribute('data-step', 'reason');
    await page.getByTestId('rs-reason').fill('The box arrived warm and one vial was cracked.');
    await page.locator('#rs-continue').click();
    await expect(wizard).toHaveAttribute('data-step', 'evidence');
    // A text file named .png is refused when chosen, in the patient's words; a photo is taken.
    const evidence = page.locator('.rs-upload input[type=file]');
    await evidence.setInputFiles({
      name: 'cracked.png',
      mimeType: 'image/png',
      buffer: Buffer.from('The box arrived warm and one vial was cracked.'),
    });
    await expect(page.locator('#rs-file-error')).toHaveText(
      'This file is not a photo. Please choose a JPEG, PNG or HEIC picture.',
    );
    await expect(page.getByTestId('rs-file')).toHaveCount(0);
    await shot(page, 'next-steps-reship-not-a-photo', project);
    await evidence.setInputFiles({ name: 'cracked.png', mimeType: 'image/png', buffer: png });
    await expect(page.getByTestId('rs-file')).toContainText('cracked.png');
    await expect(page.locator('#rs-file-error')).toHaveCount(0);
    await page.locator('#rs-submit').click();
    await expect(wizard).toHaveAttribute('data-step', 'done', { timeout: 20_000 });
    await page.getByRole('button', { name: 'Go To Dashboard' }).click();
    await expect(page).toHaveURL(/\/home$/);

    // Asked: no second request offered, the card says it is being reviewed.
    await ordersUntil(page, async () => {
      await expect(card).toContainText('Your replacement request is being reviewed.', {
        timeout: 3_000,
      });
    });
    await expect(reshipLink).toHaveCount(0);
    await shot(page, 'next-steps-reship-asked', project);

    // Support, asked about it, finds the order by its number: whose it is, and the pending
    // request on the order, in the found order and in the patient's account.
    const agent = await staffPage(browser, baseURL!, supportAgent, viewport);
    const search = agent.getByRole('search', { name: 'Find an order' });
    await search.getByLabel('Find an order').fill(String(orderId));
    await search.getByRole('button', { name: 'Find', exact: true }).click();
    const found = agent.locator('.sp-found');
    await expect(found.getByTestId('found-patient')).not.toBeEmpty();
    await expect(found.getByTestId('reship-request')).toHaveText('Replacement requested');
    await found.getByRole('link', { name: /^Open their/ }).click();
    await expect(agent.locator('.sp-account').getByTestId('reship-request')).toHaveText(
      'Replacement requested',
    );
    await shot(agent, 'next-steps-reship-support', project);
    await agent.context().close();

    // The pharmacist approves; the replacement is a card of its own.
    const reshipCard = pharmacy.locator('li.ph-reship', {
      has: pharmacy.getByText('The box arrived warm and one vial was cracked.'),
    });
    await expect(async () => {
      await pharmacy.goto('/console/reships');
      await expect(reshipCard).toBeVisible({ timeout: 3_000 });
    }).toPass({ timeout: 30_000 });
    await reshipCard.getByRole('button', { name: 'Approve' }).click();
    await expect(
      pharmacy.getByText('Approved. A replacement shipment is ready to place.'),
    ).toBeVisible();
    await pharmacy.context().close();
    const replacement = page.locator('article.order-card[data-kind="reship"]');
    await ordersUntil(page, async () => {
      await expect(replacement).toBeVisible({ timeout: 3_000 });
    });
    await expect(card).toContainText('Your replacement was approved');
    await expect(reshipLink).toHaveCount(0);
    await shot(page, 'next-steps-reship-approved', project);
  });

  test('the doctor requires the video, then denies: both reached from the card', async ({
    page,
    request,
    browser,
    baseURL,
  }) => {
    const project = test.info().project.name;
    const patient = await submittedPatient(page, request, { gender: 'Female', kind: 'next' });
    const orderId = patient.orderId;
    const card = orderCard(page, orderId);

    // The clinician requires the identity video.
    const desk = await clinicianPage(browser, baseURL!);
    await claimFromQueue(desk, orderId);
    await askForMore(
      desk,
      /Require the identity video/,
      'Please record a short video so I can confirm your identity.',
    );

    // The card says the doctor needs it (not the visit text) and links the page.
    const videoLink = card.getByRole('link', { name: 'Record your identity video' });
    await ordersUntil(page, async () => {
      await expect(card).toHaveAttribute('data-status', 'appointment_required', {
        timeout: 3_000,
      });
    });
    const note = card.locator('.order-card__note');
    await expect(note).toContainText('Your doctor needs a short identity video');
    await expect(note).not.toContainText('set up a short appointment');
    await shot(page, 'next-steps-doctor-video', project);
    await videoLink.click();
    await expect(page).toHaveURL(new RegExp(`/upload-video/${orderId}$`));
    await expect(page.locator('main[data-page="upload-video"]')).toBeVisible({
      timeout: 15_000,
    });
    // California asks for no video: the page names the doctor's request, not a state regulation.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'A Quick Video is Required (Requested by Your Doctor)',
    );
    await expect(page.locator('main[data-page="upload-video"]')).not.toContainText('Regulations');
    await shot(page, 'next-steps-doctor-video-page', project);
    await sendVideo(page, orderId);
    await ordersUntil(page, async () => {
      await expect(card).toHaveAttribute('data-status', 'waiting_prescription', {
        timeout: 3_000,
      });
    });
    await expect(videoLink).toHaveCount(0);

    // The clinician denies; the card shows the doctor's step decided and links the decision.
    await holdCase(desk, orderId);
    const reason = 'Your blood pressure needs to be under control before this medicine is safe.';
    await deny(desk, reason);
    await desk.context().close();

    await ordersUntil(page, async () => {
      await expect(card).toHaveAttribute('data-status', 'denied', { timeout: 3_000 });
    });
    const doctorStep = card.locator('li[data-step="waiting_prescription"]');
    await expect(doctorStep).toHaveAttribute('data-state', 'stopped');
    await expect(doctorStep).toContainText('Not approved');
    await expect(doctorStep).not.toContainText('not started yet');
    await expect(card.locator('.order-card__status')).toHaveText('Refunded');
    await shot(page, 'next-steps-denied', project);
    await card.getByRole('link', { name: "Read your doctor's decision" }).click();
    await expect(page).toHaveURL(new RegExp(`/rejected/${orderId}$`));
    await expect(page.getByText(reason)).toBeVisible({ timeout: 15_000 });
  });
});
