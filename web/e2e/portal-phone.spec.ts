/**
 * The portal as a patient holds it in one hand (issue 26, the QA walk at 390 px), and the same
 * pages at desktop width:
 * - every tab in reach at a glance: with Dosage and Doctor on Demand there are five, all inside
 *   the screen and none cut (a bottom bar on a phone, the row of pills on a desktop), a tablist
 *   for the keyboard, clear of the chat bubble;
 * - the Dosage tab's weight chart (its day ticks are checked by WeightChart's unit tests: uPlot
 *   draws them on a canvas), the chat's dot saying what the staffed hours say, and the invoice
 *   page's summary of the receipt;
 * - a Refunded payment in Past Payments fits the phone, its Download whole;
 * - the identity video's arrival said on /home, once;
 * - the plan page's cards keep "for month 1" and "Choose Tirzepatide" whole at every width.
 *
 * Screenshots: test-results/screenshots/<project>-portal-phone-*.png.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  acceptPrescription,
  approve,
  claimFromQueue,
  clinicianPage,
  submittedPatient,
} from './clinic-steps';
import { california, texas } from './medical-form-steps';
import { apiPatient, keepSession, openPortal, type ApiPatient } from './patients';
import { answerQuiz, shot } from './quiz';
import { layoutShifts, recordLayoutShifts, usDay, waitForApp } from './support';

const isPhone = (page: Page) => (page.viewportSize()?.width ?? 0) < 600;

/** The element's box lies inside the screen, whole, and a tap at its middle reaches it. */
async function wholeOnScreen(control: Locator): Promise<void> {
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

/** Neither the page nor `scope` is wider than the screen: nothing scrolls sideways or is cut. */
async function noSidewaysScroll(page: Page, scope?: Locator): Promise<void> {
  const page$ = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    document.documentElement.clientWidth,
  ]);
  expect(page$[0]).toBeLessThanOrEqual(page$[1]!);
  if (scope) {
    const [scrollWidth, clientWidth] = await scope.evaluate((el) => [
      el.scrollWidth,
      el.clientWidth,
    ]);
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
  }
}

/** A patient whose prescription was approved and accepted: all five tabs. */
async function patientWithEveryTab(
  page: Page,
  request: Parameters<typeof apiPatient>[0],
  browser: Parameters<typeof clinicianPage>[0],
  baseURL: string,
): Promise<ApiPatient> {
  const patient = await submittedPatient(page, request, { gender: 'Female', kind: 'portal-ui' });
  const desk = await clinicianPage(browser, baseURL);
  await claimFromQueue(desk, patient.orderId);
  await approve(desk);
  await desk.context().close();
  await acceptPrescription(page, request, patient);
  return patient;
}

test.describe('the portal on a phone', () => {
  test('five tabs in reach at a glance; the chart, the chat dot and the invoice summary', async ({
    page,
    request,
    browser,
    baseURL,
  }) => {
    // The medical form, the review and the acceptance.
    test.setTimeout(240_000);
    const project = test.info().project.name;
    const patient = await patientWithEveryTab(page, request, browser, baseURL!);

    const bar = page.getByRole('tablist', { name: 'Portal sections' });
    const tabs = bar.getByRole('tab');
    await expect(async () => {
      await page.goto('/home');
      await waitForApp(page);
      await expect(tabs).toHaveCount(5, { timeout: 3_000 });
    }).toPass({ timeout: 30_000 });
    // The spec's names are the tabs' names, at every width.
    await expect(tabs).toHaveText(
      ['Orders', 'Dosage', 'Doctor', 'Profile', 'Billing'].map((word) => new RegExp(`^${word}`)),
    );
    for (const name of ['Orders', 'Dosage', 'Doctor on Demand', 'Profile', 'Billing'])
      await expect(bar.getByRole('tab', { name, exact: true })).toHaveCount(1);

    // Every tab whole on the screen and reachable by a tap; the bar does not scroll sideways.
    for (const tab of await tabs.all()) await wholeOnScreen(tab);
    await noSidewaysScroll(page, bar);
    if (isPhone(page)) {
      // A bottom bar: at the foot of the screen wherever the page is scrolled, the bubble above it.
      const foot = async () => {
        const box = (await bar.boundingBox())!;
        return Math.round(box.y + box.height);
      };
      expect(await foot()).toBe(page.viewportSize()!.height);
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await expect.poll(foot).toBe(page.viewportSize()!.height);
      for (const tab of await tabs.all()) await wholeOnScreen(tab);
      const bubble = (await page.getByRole('button', { name: 'Chat with support' }).boundingBox())!;
      const top = (await bar.boundingBox())!.y;
      expect(bubble.y + bubble.height).toBeLessThanOrEqual(top);
    }
    await page.screenshot({ path: `test-results/screenshots/${project}-portal-phone-tabs.png` });

    // A tablist: arrows and End move the selection, which the address keeps.
    await bar.getByRole('tab', { name: 'Orders' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(page).toHaveURL(/\?tab=dosage$/);
    await expect(bar.getByRole('tab', { name: 'Dosage' })).toBeFocused();
    await expect(bar.getByRole('tab', { name: 'Dosage' })).toHaveAttribute('aria-selected', 'true');

    // The Dosage tab's chart of the two weights of this morning (the quiz's, the form's).
    const chart = page.locator('.progress-chart canvas').first();
    await expect(chart).toBeVisible({ timeout: 15_000 });
    await chart.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `test-results/screenshots/${project}-portal-phone-chart.png` });

    await page.keyboard.press('End');
    await expect(page).toHaveURL(/\?tab=billing$/);
    await bar.getByRole('tab', { name: 'Doctor on Demand' }).click();
    await expect(page).toHaveURL(/\?tab=doctor-on-demand$/);
    await expect(page.getByRole('button', { name: 'Chat with Customer Service' })).toBeVisible({
      timeout: 15_000,
    });
    await bar.getByRole('tab', { name: 'Profile' }).click();
    await expect(page).toHaveURL(/\?tab=profile$/);

    // The chat's dot says what the staffed hours say.
    const hours = (await (await request.get('/api/chat-availability')).json()) as {
      chat: { staffedNow: boolean };
    };
    await page.getByRole('button', { name: 'Chat with support' }).click();
    const panel = page.getByRole('dialog', { name: 'Chat with support' });
    const dot = panel.locator('.chat-panel__status');
    await expect(dot).toHaveText(hours.chat.staffedNow ? 'Online' : 'Away', { timeout: 15_000 });
    if (!hours.chat.staffedNow) await expect(panel).toContainText("We're away right now.");
    await shot(page, 'portal-phone-chat', project);
    await panel.getByRole('button', { name: 'Close chat' }).first().click();

    // The invoice page says what the receipt says, with its download.
    const items = (await (
      await request.get('/api/order-items', {
        headers: { authorization: `Bearer ${patient.token}` },
      })
    ).json()) as { orders: { id: number; payment_intent_id: string | null }[] };
    const paid = items.orders.find((o) => o.id === patient.orderId)!;
    await page.goto(`/invoice/${paid.payment_intent_id}`);
    await waitForApp(page);
    const summary = page.getByRole('region', { name: 'Invoice summary' });
    await expect(summary).toBeVisible({ timeout: 15_000 });
    const fact = (name: string) =>
      summary
        .locator('.invoice__facts > div')
        .filter({ has: page.getByText(name, { exact: true }) })
        .locator('dd');
    // The one order number, as the Orders tab and the PDF print it ("#0042").
    await expect(fact('Order')).toHaveText(`#${String(patient.orderId).padStart(4, '0')}`);
    await expect(fact('Date of issue')).toHaveText(usDay);
    await expect(fact('Product')).toHaveText(/Semaglutide/);
    await expect(fact('Amount')).toHaveText('$449.97');
    await expect(fact('Status')).toHaveText('Paid');
    const download = page.getByRole('link', { name: 'Download invoice (PDF)' });
    await expect(download).toBeVisible();
    await noSidewaysScroll(page);
    await shot(page, 'portal-phone-invoice', project);
  });

  test('a Refunded payment fits Past Payments, its Download whole', async ({ page, request }) => {
    const project = test.info().project.name;
    const patient = await apiPatient(request, california, { kind: 'portal-refund' });
    const refunded = await request.post(`/api/process-refund/${patient.orderId}`, {
      headers: { authorization: `Bearer ${patient.token}` },
    });
    expect(refunded.ok()).toBe(true);
    await openPortal(page, patient, 'billing');

    const section = page.getByRole('region', { name: 'Past Payments' });
    const rows = section.locator('tbody').getByRole('row');
    await expect(async () => {
      await page.reload();
      await expect(rows.first().getByText('refunded', { exact: false })).toBeVisible({
        timeout: 3_000,
      });
    }).toPass({ timeout: 30_000 });
    await expect(rows).toHaveCount(1);
    const download = rows.first().getByRole('button', { name: /^Download receipt of / });
    await download.scrollIntoViewIfNeeded();
    await wholeOnScreen(download);
    // The button lies inside its card: not cut at the section's edge.
    const [button, card] = [(await download.boundingBox())!, (await section.boundingBox())!];
    expect(button.x + button.width).toBeLessThanOrEqual(card.x + card.width);
    await noSidewaysScroll(page, section.locator('.payments__scroll'));
    // Its word shows with its icon, and the headers are still there for screen readers.
    await expect(download).toContainText('Download');
    // Spec 001: Product on a desktop only.
    await expect(section.getByRole('columnheader')).toHaveText(
      isPhone(page)
        ? ['Date', 'Amount', 'Status', 'Receipt']
        : ['Date', 'Amount', 'Status', 'Product', 'Receipt'],
    );
    await expect(rows.first().locator('.payments__product')).toBeVisible({
      visible: !isPhone(page),
    });
    await shot(page, 'portal-phone-refunded', project);
  });

  test('after the identity video, /home says it arrived, once', async ({ page, request }) => {
    const project = test.info().project.name;
    const patient = await apiPatient(request, texas, { kind: 'portal-video' });
    // The recording's answer (the server records a video for a submitted assessment only).
    await page.route('**/api/upload-av-video', (route) =>
      route.fulfill({ json: { success: true, message: 'Video uploaded successfully!' } }),
    );
    await keepSession(page, patient);
    await page.goto(`/upload-video/${patient.orderId}`);
    await waitForApp(page);
    await page.locator('#uv-gallery').setInputFiles({
      name: 'me.mp4',
      mimeType: 'video/mp4',
      buffer: Buffer.concat([
        Buffer.from([0, 0, 0, 0x18]),
        Buffer.from('ftypisom', 'latin1'),
        Buffer.from([0, 0, 2, 0]),
        Buffer.from('isommp41', 'latin1'),
        Buffer.alloc(4096),
      ]),
    });
    await expect(page.locator('.uv-file__name')).toHaveText('me.mp4', { timeout: 15_000 });
    await page.locator('#uv-upload').click();
    await expect(page).toHaveURL(/\/home$/, { timeout: 15_000 });

    const notice = page.getByRole('status').filter({ hasText: 'We received your video.' });
    await expect(notice).toHaveText(
      'We received your video. Your doctor will review your assessment within 24 hours.',
    );
    await wholeOnScreen(notice);
    await shot(page, 'portal-phone-video-received', project);
    // Still there while the patient looks around; gone after a reload (it was never stored).
    await page.getByRole('tab', { name: 'Billing' }).click();
    await expect(notice).toBeVisible();
    await page.reload();
    await waitForApp(page);
    await expect(page.getByRole('tablist', { name: 'Portal sections' })).toBeVisible();
    await expect(page.getByText('We received your video.')).toHaveCount(0);
  });
});

test('the plan page keeps "for month 1" and "Choose Tirzepatide" whole at every width', async ({
  page,
}) => {
  const project = test.info().project.name;
  await page.goto('/');
  await waitForApp(page);
  await answerQuiz(page);
  await page.getByRole('button', { name: 'Start my FREE visit ->' }).click();
  await page.getByRole('link', { name: 'Choose my plan' }).click();
  await page.getByRole('button', { name: 'No' }).click();
  const cards = page.locator('article.med-card');
  await expect(cards).toHaveCount(2);

  const widths = isPhone(page) ? [390, 600, 680] : [768, 1024, 1280];
  const height = page.viewportSize()!.height;
  for (const width of widths) {
    await page.setViewportSize({ width, height });
    for (const card of await cards.all()) {
      // One line box each: a wrapped inline element has one client rect per line.
      const term = card.locator('.med-card__term');
      await expect(term).toHaveText('for month 1');
      expect(await term.evaluate((el) => el.getClientRects().length), `${width} px`).toBe(1);
      const choose = card.getByRole('button', { name: /^Choose / });
      const lines = await choose.evaluate((button) => {
        const text = document.createRange();
        text.selectNodeContents(button);
        const tops = new Set([...text.getClientRects()].map((rect) => Math.round(rect.top)));
        return { lines: tops.size, cut: button.scrollWidth > button.clientWidth };
      });
      expect(lines, `${width} px`).toEqual({ lines: 1, cut: false });
    }
    await noSidewaysScroll(page);
  }
  await page.setViewportSize({ width: widths[widths.length - 1]!, height });
  await shot(page, 'portal-phone-plan', project);
});

test('a paying patient’s /home does not shift while its parts arrive (CLS < 0.1)', async ({
  page,
  request,
}) => {
  const patient = await apiPatient(request, texas, { kind: 'portal-cls' });
  await recordLayoutShifts(page);
  // A slow network's order of events: the next step, the orders and the chat answer one by one
  // after the frame and its footer are on screen.
  await page.route('/api/**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 400));
    await route.continue();
  });
  await openPortal(page, patient, 'orders');
  await expect(page.getByRole('tab', { name: 'Orders' })).toBeVisible();
  await expect(page.locator('.site-footer')).toBeAttached();
  await page.waitForTimeout(2500);
  const { cls, shifts } = await layoutShifts(page);
  expect(cls, JSON.stringify(shifts)).toBeLessThan(0.1);
});
