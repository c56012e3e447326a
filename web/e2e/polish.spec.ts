/**
 * What a patient notices on a phone (issue 26, "Polish a patient notices"): the chat bubble never
 * sits on a button of the Orders or Billing tab; days read one US way ("Nov 27, 2026") on both
 * tabs; /verify after a reload shows only the grey countdown, and a skipped step is drawn as
 * skipped; the Dosage tab and the pharmacy describe one supply with the same numbers and words;
 * the profile shows the weight the patient reported last.
 *
 * Screenshots: test-results/screenshots/<project>-polish-*.png.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  acceptPrescription,
  approve,
  claimFromQueue,
  clinicianPage,
  pharmacist,
  staffPage,
  submittedPatient,
} from './clinic-steps';
import { california } from './medical-form-steps';
import { apiPatient, keepSession, openPortal } from './patients';
import { shot } from './quiz';
import { SESSION_KEY, usDay, waitForApp } from './support';

const bubble = (page: Page) => page.getByRole('button', { name: 'Chat with support' });

/**
 * At the bottom of the page nothing moves any more: a control the bubble covers there cannot be
 * reached. None of the tab's visible controls may share a pixel with the bubble.
 */
async function nothingUnderTheBubble(page: Page): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const circle = await bubble(page).boundingBox();
  expect(circle).not.toBeNull();
  const controls = page.locator('#portal-panel').locator('a:visible, button:visible');
  const under: string[] = [];
  for (const control of await controls.all()) {
    const box = await control.boundingBox();
    if (!box || !circle) continue;
    const apart =
      box.x + box.width <= circle.x ||
      circle.x + circle.width <= box.x ||
      box.y + box.height <= circle.y ||
      circle.y + circle.height <= box.y;
    if (!apart) under.push((await control.innerText()).trim() || 'a control');
  }
  expect(under).toEqual([]);
}

/**
 * Scrolls the page until `control` sits where the bubble rests (the spot a thumb finds it in
 * while reading down the page), then checks that the bubble has made way: the two boxes share
 * no pixel, the control is what a tap at its middle hits, and Playwright's click (which refuses
 * a control another element would receive the tap for) can tap it.
 */
async function reachableUnderTheBubble(page: Page, control: Locator): Promise<void> {
  // Where the bubble rests: measured at the top of the page, where nothing is under it.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(300);
  const rest = await bubble(page).boundingBox();
  expect(rest).not.toBeNull();
  await control.evaluate(
    (element, middle) => {
      const box = element.getBoundingClientRect();
      window.scrollBy(0, (box.top + box.bottom) / 2 - middle);
    },
    rest!.y + rest!.height / 2,
  );
  await expect
    .poll(async () => {
      const [a, b] = [await control.boundingBox(), await bubble(page).boundingBox()];
      if (!a || !b) return 'not shown';
      const apart =
        a.x + a.width <= b.x ||
        b.x + b.width <= a.x ||
        a.y + a.height <= b.y ||
        b.y + b.height <= a.y;
      return apart ? 'apart' : 'the bubble covers it';
    })
    .toBe('apart');
  expect(
    await control.evaluate((element) => {
      const box = element.getBoundingClientRect();
      const hit = document.elementFromPoint((box.left + box.right) / 2, (box.top + box.bottom) / 2);
      return hit !== null && element.contains(hit);
    }),
  ).toBe(true);
  await control.click({ trial: true, timeout: 5_000 });
}

test.describe('polish a patient notices', () => {
  test('the chat bubble keeps clear of the Orders and Billing buttons; days in one US style', async ({
    page,
    request,
  }) => {
    const project = test.info().project.name;
    const patient = await apiPatient(request, california, { kind: 'polish' });

    // Orders: the card's last action (its invoice) is reachable with the bubble shown.
    await openPortal(page, patient, 'orders');
    const card = page.locator('article.order-card').first();
    await expect(card).toBeVisible({ timeout: 15_000 });
    await expect(bubble(page)).toBeVisible();
    await expect(card.locator('.order-card__meta time')).toHaveText(usDay);
    await nothingUnderTheBubble(page);
    await reachableUnderTheBubble(page, card.locator('a[href], button').last());
    await page.screenshot({ path: `test-results/screenshots/${project}-polish-orders-bubble.png` });
    await shot(page, 'polish-orders', project);

    // Billing: the next payment and Past Payments' days read the same way; the last receipt's
    // Download is reachable.
    await page.getByRole('tab', { name: 'Billing' }).click();
    const therapies = page.getByRole('region', { name: 'Current Therapies' });
    await expect(therapies).toBeVisible({ timeout: 15_000 });
    await expect(therapies.locator('.therapy__next time')).toHaveText(usDay);
    const rows = page.getByRole('region', { name: 'Past Payments' }).locator('tbody tr');
    await expect(rows).toHaveCount(1);
    await expect(rows.first().locator('time')).toHaveText(usDay);
    await expect(bubble(page)).toBeVisible();
    await nothingUnderTheBubble(page);
    await reachableUnderTheBubble(
      page,
      rows.last().getByRole('button', { name: /^Download receipt of / }),
    );
    await page.screenshot({
      path: `test-results/screenshots/${project}-polish-billing-bubble.png`,
    });
    await shot(page, 'polish-billing', project);
  });

  test('/verify after a reload shows only the grey countdown; a skipped phone reads "Skipped"', async ({
    page,
    request,
  }) => {
    const project = test.info().project.name;
    const patient = await apiPatient(request, california, { kind: 'polish-verify' });
    await keepSession(page, patient);
    await page.goto('/verify');
    await waitForApp(page);
    const verify = page.locator('main[data-page="verify"]');
    await expect(verify).toHaveAttribute('data-step', 'phone', { timeout: 15_000 });
    const timer = page.locator('#verify-resend-timer');
    await expect(timer).toHaveText(/^Resend available in \d+s$/);

    // The reload asks for a code again; the one sent a moment ago still works: no red line.
    await page.reload();
    await waitForApp(page);
    await expect(verify).toHaveAttribute('data-step', 'phone', { timeout: 15_000 });
    await expect(timer).toHaveText(/^Resend available in \d+s$/);
    await expect(page.locator('#verify-sent-to')).toHaveText(
      'Enter the 4-digit code we sent to your phone.',
    );
    await expect(verify.locator('[role="alert"]')).toHaveCount(0);
    await expect(verify).not.toContainText(/Resend available in \d+ seconds\./);
    await expect(page.locator('#verify-resend')).toBeDisabled();
    await shot(page, 'polish-verify-reload', project);

    // Skipped is not verified: a dash and the word, not the tick.
    await page.getByRole('button', { name: 'Skip verification' }).click();
    await expect(verify).toHaveAttribute('data-step', 'email');
    const phone = page.locator('li.verify-steps__item[data-step="phone"]');
    await expect(phone).toHaveAttribute('data-state', 'skipped');
    await expect(phone.locator('.stepper__note')).toBeVisible();
    await expect(phone.locator('.stepper__note')).toHaveText('(Skipped)');
    await expect(phone.locator('.stepper__dot')).toHaveText('\u2013');
    await expect(page.getByRole('list', { name: 'Verification steps' })).toContainText(
      'Phone (Skipped)',
    );
    await expect(
      page.locator('li.verify-steps__item[data-step="address"] .stepper__dot'),
    ).toHaveText('\u2713');
    await shot(page, 'polish-verify-skipped', project);
  });

  test('the Dosage tab and the pharmacy count one supply alike; the profile has the latest weight', async ({
    page,
    request,
    browser,
    baseURL,
  }) => {
    // The medical form, the review, the acceptance and the pharmacist's page.
    test.setTimeout(240_000);
    const project = test.info().project.name;
    const viewport = test.info().project.use.viewport ?? { width: 1280, height: 800 };
    // The intake quiz said 240 lb; the medical form's current weight says 190.
    const patient = await submittedPatient(page, request, { gender: 'Female', kind: 'polish-rx' });

    await page.goto('/home?tab=profile');
    await expect(page.getByLabel('Weight (lbs)')).toHaveValue('190', { timeout: 15_000 });
    await shot(page, 'polish-profile-weight', project);

    // The clinician prescribes 6 vials: two shipments of 3.
    const desk = await clinicianPage(browser, baseURL!);
    await claimFromQueue(desk, patient.orderId);
    await desk.getByRole('form', { name: 'Approve' }).getByLabel('Vials').selectOption('6');
    await approve(desk);
    await desk.context().close();
    await acceptPrescription(page, request, patient);

    // The patient's Dosage tab: one line, the prescription's vials and how they come.
    await expect(async () => {
      await page.goto('/home?tab=dosage');
      await expect(page.locator('.dosage-supply li').first()).toBeVisible({ timeout: 3_000 });
    }).toPass({ timeout: 30_000 });
    const supply = page.locator('.dosage-supply:not(.dosage-supply--supporting) li');
    await expect(supply).toHaveCount(1);
    await expect(supply.locator('span').first()).toHaveText('Compounded Semaglutide injection');
    await expect(supply.locator('.dosage-supply__count')).toHaveText('6 vials: 3 every 90 days');
    await expect(page.locator('#portal-panel')).not.toContainText('\u00d7');
    await shot(page, 'polish-dosage-supply', project);

    // The pharmacist's shipment: 3 vials in this box, and the item in the patient's words.
    const pharmacy = await staffPage(browser, baseURL!, pharmacist, viewport);
    const shipmentId = await pharmacy.evaluate(
      async ({ key, orderId }) => {
        const { token } = JSON.parse(localStorage.getItem(key) ?? '{}') as { token: string };
        for (let tries = 0; tries < 60; tries += 1) {
          const res = await fetch('/api/console/pharmacy/shipments?filter=to-place', {
            headers: { authorization: `Bearer ${token}` },
          });
          const body = (await res.json()) as {
            shipments: { orderId: number; shipmentId: number }[];
          };
          const found = body.shipments.find((s) => s.orderId === orderId);
          if (found) return found.shipmentId;
          await new Promise((resolve) => setTimeout(resolve, 500));
        }
        return null;
      },
      { key: SESSION_KEY, orderId: patient.orderId },
    );
    expect(shipmentId).not.toBeNull();
    await pharmacy.goto(`/console/orders-to-place/${shipmentId}`);
    await expect(pharmacy.locator('.cv-head')).toContainText('3 vials');
    await expect(pharmacy.locator('.ph-item__name').first()).toHaveText(
      'Compounded Semaglutide injection · 6 vials: 3 every 90 days',
    );
    await shot(pharmacy, 'polish-pharmacy-supply', project);
    await pharmacy.context().close();
  });
});
