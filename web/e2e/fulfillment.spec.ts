/**
 * The pharmacy's part of an order as the patient and the pharmacist meet it (issue 17), in two
 * browser contexts: a patient pays and submits the medical form, the demo clinician approves and
 * the patient accepts at /prescription/{id}; the demo pharmacist opens Orders to place, places
 * the shipment and ships it with UPS; the patient's Orders tab shows it shipped with the UPS
 * tracking link and the Dosage tab the months of the plan; the pharmacist marks it delivered and
 * the patient sees it complete; the patient asks for a replacement at /replacement-request (an
 * item, a reason, a photo); the pharmacist views the photo and approves; a second card, the
 * reship, appears in the patient's Orders tab.
 *
 * Runs at phone and desktop widths (the pharmacist's browser takes the project's width too);
 * screenshots land in test-results/screenshots/<project>-fulfillment-*.png.
 */
import { expect, test, type Page } from '@playwright/test';
import {
  acceptPrescription,
  approve,
  claimFromQueue,
  clinicianPage,
  consoleRowUntil,
  pharmacist,
  staffPage,
  submittedPatient,
} from './clinic-steps';
import { png } from './medical-form-steps';
import { shot } from './quiz';

/** A valid UPS number (its check digit holds). */
const upsNumber = '1Z999AA10123456784';

/** An order's number (its first shipment's too): "#" and at least four digits, "#0042". */
const firstShipment = (orderId: number) => `#${String(orderId).padStart(4, '0')}`;

const orderCards = (page: Page) => page.locator('article.order-card');

/** The patient's /home on one tab, loaded afresh (the portal reads GET /api/order-items). */
async function openPortalTab(page: Page, tab: 'orders' | 'dosage'): Promise<void> {
  await page.goto(`/home?tab=${tab}`);
  await expect(
    page.getByRole('tab', { name: tab === 'orders' ? 'Orders' : 'Dosage' }),
  ).toHaveAttribute('aria-selected', 'true');
}

/** Reloads the patient's Orders tab until `check` holds (the read model follows by events). */
async function portalOrdersUntil(page: Page, check: () => Promise<void>): Promise<void> {
  await expect(async () => {
    await openPortalTab(page, 'orders');
    await check();
  }).toPass({ timeout: 30_000 });
}

/** A console page's screenshot once its toasts (3 s each) are gone: they float over the page. */
async function consoleShot(page: Page, name: string): Promise<void> {
  await expect(page.locator('.toast')).toHaveCount(0, { timeout: 10_000 });
  await shot(page, name, test.info().project.name);
}

test.describe("the pharmacy's fulfilment", () => {
  // Two people, the medical form, the review and every step of a shipment and its reship.
  test.setTimeout(300_000);

  test('placed, shipped with UPS, delivered; a reship asked with a photo and approved', async ({
    page,
    request,
    browser,
    baseURL,
  }) => {
    const project = test.info().project.name;
    const viewport = test.info().project.use.viewport ?? { width: 1280, height: 800 };
    const patient = await submittedPatient(page, request, { gender: 'Female', kind: 'ship' });
    const orderId = patient.orderId;
    const orderNumber = firstShipment(orderId);
    // "Order #0007", not #00070 nor its replacement "#0007 (replacement 1)"; texts may run on
    // unspaced.
    const ofOrder = new RegExp(`Order ${orderNumber}(?!\\d| \\()`);

    // The clinician approves; the patient accepts the prescription.
    const desk = await clinicianPage(browser, baseURL!);
    await claimFromQueue(desk, orderId);
    await approve(desk);
    await desk.context().close();
    await acceptPrescription(page, request, patient);

    // The pharmacist places the shipment from Orders to place.
    const pharmacy = await staffPage(browser, baseURL!, pharmacist, viewport);
    await expect(pharmacy.getByTestId('cutoff')).toBeVisible();
    const row = await consoleRowUntil(pharmacy, '/console/orders-to-place', 'tr.ph-row', ofOrder);
    await shot(pharmacy, 'fulfillment-orders-to-place', project);
    await row.click();
    await expect(pharmacy).toHaveURL(/\/console\/orders-to-place\/\d+$/);
    const shipmentPath = new URL(pharmacy.url()).pathname;
    const panel = pharmacy.locator('#ph-panel-actions');
    await expect(panel.getByRole('heading', { name: 'Ready to place' })).toBeVisible();
    await expect(pharmacy.getByTestId('address')).toContainText('Los Angeles, CA 90071');
    await shot(pharmacy, 'fulfillment-shipment-ready', project);
    await panel.getByRole('button', { name: 'Place order' }).click();
    await expect(pharmacy.getByText('Order placed. The patient was told when.')).toBeVisible();
    await expect(panel.getByRole('heading', { name: 'Placed' })).toBeVisible();

    // ... and ships it with UPS.
    const shipForm = panel.getByRole('form', { name: 'Ship' });
    await shipForm.getByLabel('Carrier').selectOption('UPS');
    await shipForm.getByLabel('Tracking number').fill(upsNumber);
    await shipForm.getByRole('button', { name: 'Ship' }).click();
    await expect(
      pharmacy.getByText('Shipped. The patient was sent the tracking link.'),
    ).toBeVisible();
    await expect(panel.getByRole('heading', { name: 'Shipped' })).toBeVisible();
    await expect(panel.getByRole('link', { name: upsNumber })).toHaveAttribute(
      'href',
      new RegExp(upsNumber),
    );
    await consoleShot(pharmacy, 'fulfillment-shipment-shipped');

    // The patient follows it: shipped, with UPS's tracking page; the dosage plan by month.
    const first = orderCards(page).filter({ hasText: ofOrder });
    await portalOrdersUntil(page, async () => {
      await expect(first).toHaveAttribute('data-status', 'order_shipped', { timeout: 3_000 });
    });
    await expect(
      page.getByRole('heading', { name: 'Order Tracking & Status Updates' }),
    ).toBeVisible();
    await expect(first.locator('li[data-step="order_shipped"]')).toHaveAttribute(
      'data-state',
      'current',
    );
    await expect(first.locator('li[data-step="order_shipped"]')).toContainText('Order Shipped');
    const tracking = first.getByRole('link', { name: new RegExp(`Track package ${upsNumber}`) });
    await expect(tracking).toHaveAttribute('href', new RegExp(`ups\\.com.*${upsNumber}`));
    await expect(first.locator('.order-card__carrier')).toContainText('Shipped with UPS');
    await shot(page, 'fulfillment-orders-shipped', project);

    await page.getByRole('tab', { name: 'Dosage' }).click();
    await expect(page).toHaveURL(/[?&]tab=dosage/);
    const dosage = page.getByRole('tabpanel');
    for (const month of ['Month 1', 'Month 2', 'Month 3'])
      await expect(dosage.getByText(month, { exact: true }).first()).toBeVisible({
        timeout: 10_000,
      });
    // The weight chart (intake and assessment weights) draws once its library has loaded.
    await expect(dosage.locator('.progress-chart__plot canvas')).toBeVisible({ timeout: 15_000 });
    await shot(page, 'fulfillment-dosage', project);

    // The pharmacist marks it delivered; the patient sees the order complete.
    await pharmacy.goto(shipmentPath);
    await panel.getByRole('button', { name: 'Mark delivered' }).click();
    await expect(
      pharmacy.getByText('Marked delivered. The 7-day reship window has started.'),
    ).toBeVisible();
    await expect(panel.getByRole('heading', { name: 'Delivered' })).toBeVisible();
    await portalOrdersUntil(page, async () => {
      await expect(first).toHaveAttribute('data-status', 'order_delivered', { timeout: 3_000 });
    });
    await expect(first.locator('.order-card__status')).toHaveText('complete');
    await expect(first.locator('li[data-step]:not([data-state="done"])')).toHaveCount(0);
    await shot(page, 'fulfillment-orders-delivered', project);

    // The patient asks for a replacement: the item, why, a photo.
    await page.goto('/replacement-request');
    const wizard = page.locator('main[data-page="replacement-request"]');
    await expect(wizard).toHaveAttribute('data-step', 'items', { timeout: 15_000 });
    const item = page.locator('.rs-item', { hasText: ofOrder });
    await expect(item).toBeVisible();
    await expect(page.locator('#rs-continue')).toBeDisabled();
    await shot(page, 'fulfillment-reship-items', project);
    await item.locator('input').check();
    await page.locator('#rs-continue').click();

    await expect(wizard).toHaveAttribute('data-step', 'reason');
    const reason = 'Two of the vials arrived cracked and the ice pack had melted through the box.';
    await page.getByTestId('rs-reason').fill(reason);
    await expect(page.locator('.rs-counter')).toHaveText(`${reason.length}/1000`);
    await shot(page, 'fulfillment-reship-reason', project);
    await page.locator('#rs-continue').click();

    await expect(wizard).toHaveAttribute('data-step', 'evidence');
    await shot(page, 'fulfillment-reship-evidence', project);
    await page
      .locator('.rs-upload input[type=file]')
      .setInputFiles({ name: 'cracked-vials.png', mimeType: 'image/png', buffer: png });
    await expect(page.getByTestId('rs-file')).toContainText('cracked-vials.png');
    await shot(page, 'fulfillment-reship-evidence-chosen', project);
    await page.locator('#rs-submit').click();
    await expect(wizard).toHaveAttribute('data-step', 'done', { timeout: 20_000 });
    await expect(page.getByTestId('rs-thanks')).toHaveText(
      'Thank you! Your request have been received. We will review and get back to you with any clarification needed',
    );
    await shot(page, 'fulfillment-reship-done', project);

    // The pharmacist sees the request, looks at the photo and approves.
    const card = await consoleRowUntil(pharmacy, '/console/reships', 'li.ph-reship', ofOrder);
    await expect(card).toContainText(reason);
    await shot(pharmacy, 'fulfillment-reships', project);
    await card.getByRole('button', { name: 'View photo' }).click();
    const photo = pharmacy.getByRole('dialog').getByRole('img');
    await expect(photo).toBeVisible();
    await expect
      .poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
    await pharmacy.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await card.getByRole('button', { name: 'Approve' }).click();
    await expect(
      pharmacy.getByText('Approved. A replacement shipment is ready to place.'),
    ).toBeVisible();
    await expect(pharmacy.getByTestId('last-decision')).toContainText(
      `Replacement: order ${orderNumber} (replacement 1)`,
    );
    await consoleShot(pharmacy, 'fulfillment-reships-approved');
    await pharmacy.context().close();

    // A second card: the replacement, labelled Reship.
    const reship = orderCards(page).and(page.locator('[data-kind="reship"]'));
    await portalOrdersUntil(page, async () => {
      await expect(orderCards(page)).toHaveCount(2, { timeout: 3_000 });
      await expect(reship).toBeVisible({ timeout: 3_000 });
    });
    await expect(reship.locator('.order-card__kind')).toHaveText('Reship');
    await expect(reship.locator('.order-card__meta')).toContainText(
      `Order ${orderNumber} (replacement 1)`,
    );
    await expect(first).toHaveAttribute('data-status', 'order_delivered');
    await shot(page, 'fulfillment-orders-reship', project);
  });
});
