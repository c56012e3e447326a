/**
 * Care between shipments (issue 31) as the patient and the clinician meet it, in three browser
 * contexts: a patient pays, submits the medical form, the demo clinician approves and the patient
 * accepts; the demo pharmacist places, ships and delivers the order. On /home the "This week"
 * card then asks for an injection day: the patient (in Los Angeles) picks today's weekday and a
 * time a minute or two ahead, and the card shows that moment as the next injection. Once the
 * product's clock passes it, the weekly reminder arrives by text (the quiz's texts were agreed
 * to), not by email. The patient logs the dose with a weight: the card ticks and the Dosage tab's
 * dose log lists it. The patient reports severe stomach pain: the card answers with the urgent
 * advice and a Call 911 link. The clinician's waiting queue shows that patient's case first,
 * marked Urgent, ahead of an older case whose review is due sooner (made first, then the product's
 * clock moved 21 hours on); the clinician answers the report from the case, and the case leaves
 * the queue. Two weekly doses missed in a row later, the patient is told by text to wait for
 * their clinician and the case is back in the queue marked "Missed doses"; the clinician answers
 * it. Seven days before the plan's renewal, the refill check-in opens (the notice came 15 days
 * before) and the portal lists it as the next step.
 *
 * Runs at phone and desktop widths (the staff browsers take the project's width too);
 * screenshots land in /tmp/care-shots/<project>-care-*.png.
 */
import { mkdirSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  acceptPrescription,
  approve,
  claimFromQueue,
  clinician,
  clinicianPage,
  consoleRowUntil,
  pharmacist,
  staffPage,
  submittedPatient,
} from './clinic-steps';
import { advanceClock, mailTo, passwordLink, productNow, SESSION_KEY } from './support';

const shotsDir = '/tmp/care-shots';
const timeZone = 'America/Los_Angeles';
const upsNumber = '1Z999AA10123456784';
const minute = 60_000;
const hour = 60 * minute;

test.use({ timezoneId: timeZone });

/** An order's number as the console writes it: "#0042". */
const orderNumber = (orderId: number) => `#${String(orderId).padStart(4, '0')}`;

/** Intl's narrow no-break space before AM/PM as a plain space, as the card writes it. */
const plain = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');

const inZone = (at: Date, options: Intl.DateTimeFormatOptions) =>
  plain(new Intl.DateTimeFormat('en-US', { ...options, timeZone }).format(at));

/** "Tuesday, Mar 14 at 9:05 AM": a dose's moment as the card writes it. */
const doseAt = (at: Date) =>
  `${inZone(at, { weekday: 'long', month: 'short', day: 'numeric' })} at ${inZone(at, {
    hour: 'numeric',
    minute: '2-digit',
  })}`;

/** The weekday ("Tuesday") and wall time ("09:05") of an instant in the patient's zone. */
function wallTime(at: Date): { weekday: string; time: string } {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'long',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return { weekday: part('weekday'), time: `${part('hour')}:${part('minute')}` };
}

/**
 * A screenshot for review: the element alone, or the whole page from its top. The sticky header
 * and the phone's fixed tab bar are drawn in place: a shot taller than the screen would show them
 * over its middle.
 */
async function careShot(target: Page | Locator, name: string): Promise<void> {
  const path = `${shotsDir}/${test.info().project.name}-care-${name}.png`;
  const style = '.site-header, .portal-tabs { position: static !important; }';
  if ('goto' in target) {
    await target.evaluate(() => window.scrollTo(0, 0));
    await target.screenshot({ path, fullPage: true, style });
  } else await target.screenshot({ path, style });
}

/** The "This week" card of /home (loaded after the page), by its heading. */
const careCard = (page: Page, title: 'This week' | 'Pick your injection day') =>
  page.getByRole('region', { name: title });

/** /home reloaded until the card with `title` is there (forms follows the order by events). */
async function cardUntil(page: Page, title: 'This week' | 'Pick your injection day') {
  const card = careCard(page, title);
  await expect(async () => {
    await page.goto('/home');
    await expect(card).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  return card;
}

test.describe('care between shipments', () => {
  // Three people, the medical form, the review, a shipment, then the weeks' care.
  test.setTimeout(300_000);

  test('injection day, its reminder, a dose logged, an urgent side effect first in the queue', async ({
    page,
    request,
    browser,
    baseURL,
  }) => {
    mkdirSync(shotsDir, { recursive: true });
    const viewport = test.info().project.use.viewport ?? { width: 1280, height: 800 };
    // An older case waits too, its 24-hour review promise due 3 hours from now: before the
    // 4-hour deadline of the report to come, so only the report's urgency puts ours first.
    const olderContext = await browser.newContext();
    const older = await submittedPatient(await olderContext.newPage(), request, {
      gender: 'Male',
      kind: 'care-older',
    });
    await olderContext.close();
    await advanceClock(request, 21 * hour);

    // The patient's (and the clinician's) browser keeps the product's time, moved on above and
    // maybe by other journeys (renewals), so "today" is the same day on both sides.
    const offset = (await productNow(request)).getTime() - Date.now();
    const productTime = async (p: Page) => {
      if (Math.abs(offset) > minute) await p.clock.install({ time: Date.now() + offset });
    };
    await productTime(page);

    const patient = await submittedPatient(page, request, { gender: 'Female', kind: 'care' });
    const orderId = patient.orderId;
    const ofOrder = new RegExp(`Order ${orderNumber(orderId)}(?!\\d| \\()`);

    // Approved and accepted.
    const desk = await clinicianPage(browser, baseURL!);
    await claimFromQueue(desk, orderId);
    await approve(desk);
    await desk.context().close();
    await acceptPrescription(page, request, patient);

    // The pharmacist places and ships the order; on its way, the card says what comes next.
    const pharmacy = await staffPage(browser, baseURL!, pharmacist, viewport);
    const row = await consoleRowUntil(pharmacy, '/console/orders-to-place', 'tr.ph-row', ofOrder);
    await row.click();
    await expect(pharmacy).toHaveURL(/\/console\/orders-to-place\/\d+$/);
    const panel = pharmacy.locator('#ph-panel-actions');
    await panel.getByRole('button', { name: 'Place order' }).click();
    await expect(panel.getByRole('heading', { name: 'Placed' })).toBeVisible();
    const shipForm = panel.getByRole('form', { name: 'Ship' });
    await shipForm.getByLabel('Carrier').selectOption('UPS');
    await shipForm.getByLabel('Tracking number').fill(upsNumber);
    await shipForm.getByRole('button', { name: 'Ship' }).click();
    await expect(panel.getByRole('heading', { name: 'Shipped' })).toBeVisible();
    await expect(async () => {
      await page.goto('/home');
      await expect(
        page.getByText(
          'Once your first shipment arrives, pick the day you will take your weekly injection.',
        ),
      ).toBeVisible({ timeout: 3_000 });
    }).toPass({ timeout: 30_000 });
    await panel.getByRole('button', { name: 'Mark delivered' }).click();
    await expect(panel.getByRole('heading', { name: 'Delivered' })).toBeVisible();
    await pharmacy.context().close();

    // Delivered: the card asks for the injection day, in the browser's time zone.
    const pick = await cardUntil(page, 'Pick your injection day');
    await expect(pick).toContainText(
      'Take your injection on the same day each week. Pick a day and time that are easy to keep.',
    );
    await expect(pick).toContainText('Times are in your time zone: Pacific Time.');
    await expect(pick.getByRole('button', { name: 'Report a side effect' })).toBeVisible();
    await expect(pick.getByText('How to inject')).toBeVisible();
    // Today's weekday and a time a minute or two ahead (the product's now, in Los Angeles).
    const now = await productNow(request);
    const moment = new Date(Math.ceil((now.getTime() + 75_000) / minute) * minute);
    const { weekday, time } = wallTime(moment);
    await pick.getByLabel('Day of the week').selectOption({ label: weekday });
    await pick.getByLabel('Time').fill(time);
    await careShot(pick, 'pick-day');
    await pick.getByRole('button', { name: 'Save my injection day' }).click();

    // The card: the next injection at that moment, its strength and the suggested site.
    const card = careCard(page, 'This week');
    await expect(card).toBeVisible();
    const next = card.locator('.care-next');
    await expect(next.locator('div', { hasText: 'Next injection' }).locator('dd')).toHaveText(
      doseAt(moment),
    );
    const strengthText =
      (await next.locator('div', { hasText: 'Strength' }).locator('dd').textContent()) ?? '';
    expect(strengthText).toMatch(/^\d+(\.\d+)? mg$/);
    await expect(next.locator('div', { hasText: 'Suggested site' }).locator('dd')).toHaveText(
      'Abdomen (stomach area)',
    );
    await expect(card.getByRole('button', { name: 'Change day' })).toBeVisible();
    await expect(card.getByRole('button', { name: 'I took my dose' })).toBeVisible();
    await careShot(card, 'scheduled');
    await careShot(page, 'scheduled-page');

    // No reminder before the moment; once the product's clock passes it, a text (the patient
    // agreed to texts) and no email.
    const reminderText = 'Today is your weekly dose day.';
    const texts = async () => (await mailTo(request, patient.phone)).map((m) => m.body);
    expect((await texts()).some((body) => body.includes(reminderText))).toBe(false);
    await advanceClock(request, moment.getTime() - (await productNow(request)).getTime() + 5_000);
    await expect(async () => {
      expect((await texts()).some((body) => body.includes(reminderText))).toBe(true);
    }).toPass({ timeout: 30_000 });
    const [reminder] = (await mailTo(request, patient.phone)).filter((m) =>
      m.body.includes(reminderText),
    );
    expect(reminder?.body).toMatch(
      /^GLP Clinic: Today is your weekly dose day\. Your steps and log: http\S+\/home Reply STOP to opt out\.$/,
    );
    const emailed = (await mailTo(request, patient.email)).map((m) => m.subject);
    expect(emailed).not.toContain('Today is your injection day');

    // "I took my dose", with a weight: the card ticks.
    await page.goto('/home');
    await expect(card).toBeVisible({ timeout: 15_000 });
    await expect(next.locator('div', { hasText: 'Next injection' }).locator('dd')).toHaveText(
      doseAt(new Date(moment.getTime() + 7 * 24 * 60 * minute)),
    );
    await card.getByRole('button', { name: 'I took my dose' }).click();
    const doseForm = card.locator('form.care-dose');
    const today = await doseForm.getByLabel('Day you took it').inputValue();
    expect(today).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await expect(doseForm.getByLabel('Strength (mg)')).toHaveValue(strengthText.replace(' mg', ''));
    await expect(doseForm.getByLabel('Where you injected')).toHaveValue('abdomen');
    await doseForm.getByLabel('Your weight in lbs (optional)').fill('236.5');
    await careShot(card, 'dose-form');
    // Saved as prefilled (the first month's strength, under 1 mg): the form closes.
    await doseForm.getByRole('button', { name: 'Save my dose' }).click();
    await expect(doseForm).toBeHidden();
    const day = new Date(`${today}T12:00:00Z`);
    const takenOn = (options: Intl.DateTimeFormatOptions) =>
      new Intl.DateTimeFormat('en-US', { ...options, timeZone: 'UTC' }).format(day);
    await expect(card.locator('.care-taken')).toHaveText(
      `Dose taken ${takenOn({ weekday: 'long', month: 'short', day: 'numeric' })} · Abdomen (stomach area)`,
    );
    await expect(card.locator('.care-taken__tick')).toBeVisible();
    await expect(card.getByRole('button', { name: 'I took my dose' })).toHaveCount(0);
    await careShot(card, 'dose-taken');

    // The Dosage tab's dose log lists it.
    await page.getByRole('tab', { name: 'Dosage' }).click();
    await expect(page).toHaveURL(/[?&]tab=dosage/);
    const log = page.getByRole('region', { name: 'Dose log' });
    const dose = log.locator('li.care-log__dose');
    await expect(dose).toHaveCount(1, { timeout: 15_000 });
    await expect(dose.locator('.care-log__day')).toHaveText(
      takenOn({ month: 'short', day: 'numeric', year: 'numeric' }),
    );
    await expect(dose.locator('.care-log__mg')).toHaveText(strengthText);
    await expect(dose.locator('.care-log__site')).toHaveText('Abdomen (stomach area)');
    await expect(dose.locator('.care-log__weight')).toHaveText('236.5 lb');
    await careShot(log, 'dose-log');

    // Severe stomach pain, reported from the card: stop and get help now, Call 911.
    await page.getByRole('tab', { name: 'Orders' }).click();
    await card.getByRole('button', { name: 'Report a side effect' }).click();
    const report = card.getByRole('region', { name: 'Report a side effect' });
    await report.getByLabel('What are you noticing?').selectOption({ label: 'Stomach pain' });
    await report.getByLabel('Severe: I cannot do my usual things').check();
    await report.getByLabel('1 to 3 days').check();
    await report.getByRole('button', { name: 'Send to my care team' }).click();
    const urgent = card.getByRole('alert');
    await expect(
      urgent.getByRole('heading', { name: 'Stop your medication and get help now' }),
    ).toBeVisible();
    await expect(urgent).toContainText('Stop taking your medication. Get urgent care now');
    await expect(urgent.getByRole('link', { name: 'Call 911' })).toHaveAttribute('href', 'tel:911');
    await expect(urgent.getByRole('link', { name: /988/ })).toHaveCount(0);
    await expect(urgent).toContainText(
      'Your clinician has been told and will contact you within 4 hours.',
    );
    await careShot(card, 'urgent');

    // The clinician's waiting queue: this patient's case first, marked Urgent.
    const queue = await staffPage(browser, baseURL!, clinician, viewport);
    await productTime(queue);
    const rows = queue.locator('table.cq tbody tr');
    const first = rows.first();
    await expect(async () => {
      await queue.goto('/console/review-queue');
      await expect(first).toHaveAttribute('data-order-id', String(orderId), { timeout: 3_000 });
    }).toPass({ timeout: 30_000 });
    // The older case is still waiting, after it.
    const orderIds = await rows.evaluateAll((trs) => trs.map((tr) => tr.dataset.orderId));
    expect(orderIds.indexOf(String(older.orderId))).toBeGreaterThan(0);
    await expect(queue.getByRole('tab', { name: 'Waiting' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(first.locator('.cq-badge--urgent')).toHaveText('Urgent');
    await expect(first).toContainText('Side effect: answer by');
    await careShot(queue, 'queue');

    // The clinician answers from the case: the case leaves the waiting queue.
    await first.click();
    await expect(queue).toHaveURL(new RegExp(`/console/review-queue/${orderId}$`));
    const care = queue.getByRole('region', { name: 'Between shipments' });
    await expect(care.locator('[data-care="adherence"]')).toHaveText(
      'Doses: 1 of 1 week logged, 0 missed',
    );
    await expect(care.locator('[data-care="weights"]')).toContainText('236.5 lb');
    const reported = care.locator('li[data-level="urgent"]');
    await expect(reported).toContainText('Stomach pain · Severe · 1 to 3 days · Urgent');
    await reported.getByRole('button', { name: /^Answer the report of / }).click();
    await reported
      .getByLabel('Answer to the patient')
      .fill('I have read your report. Please go to the emergency room now; call me after.');
    await reported.getByRole('button', { name: 'Send to patient' }).click();
    await expect(queue.getByText('Sent to the patient.')).toBeVisible();
    await expect(reported).toContainText('Answered');
    await expect(async () => {
      await queue.goto('/console/review-queue');
      await expect(queue.locator('table.cq, .console-empty').first()).toBeVisible({
        timeout: 3_000,
      });
      await expect(queue.locator(`tr[data-order-id="${orderId}"]`)).toHaveCount(0);
    }).toPass({ timeout: 30_000 });
    await queue.context().close();

    // Two weekly doses missed in a row (a week and two weeks after the logged one): the day
    // after the second, the patient is told by text to wait for their clinician, the card says
    // so, and the case is back in the clinician's queue with its 24-hour deadline.
    const week = 7 * 24 * hour;
    const toProductTime = async (p: Page) => p.clock.setSystemTime(await productNow(request));
    // A week at a time, as the reminders' chain lives it: each week's reminder queues the next's.
    const missedText = 'Did you take your weekly dose?';
    await advanceClock(
      request,
      moment.getTime() + week + 25 * hour - (await productNow(request)).getTime(),
    );
    await expect(async () => {
      expect((await texts()).some((body) => body.includes(missedText))).toBe(true);
    }).toPass({ timeout: 30_000 });
    await advanceClock(request, week);
    const askText = 'Please message your clinician before your next dose';
    await expect(async () => {
      expect((await texts()).some((body) => body.includes(askText))).toBe(true);
    }).toPass({ timeout: 30_000 });
    await toProductTime(page);
    await page.goto('/home');
    await expect(card.locator('.care-missed')).toHaveAttribute('data-action', 'ask-clinician', {
      timeout: 15_000,
    });
    await expect(card.locator('.care-missed')).toContainText('Do not restart');
    await careShot(card, 'missed-two');
    const desk2 = await staffPage(browser, baseURL!, clinician, viewport);
    await desk2.clock.install({ time: await productNow(request) });
    const flaggedRow = desk2.locator(`table.cq tbody tr[data-order-id="${orderId}"]`);
    await expect(async () => {
      await desk2.goto('/console/review-queue');
      await expect(flaggedRow).toBeVisible({ timeout: 3_000 });
    }).toPass({ timeout: 30_000 });
    await expect(flaggedRow.locator('.cq-badge--missed-doses')).toHaveText('Missed doses');
    await expect(flaggedRow).toContainText('2 weeks missed');
    await careShot(desk2, 'queue-missed');
    await flaggedRow.click();
    const flagged = desk2.getByRole('region', { name: 'Between shipments' });
    const missedLine = flagged.locator('[data-care="missed-doses"]');
    await expect(missedLine).toContainText(
      '2 weeks missed in a row — the patient was told not to resume on their own',
    );
    await missedLine.getByRole('button', { name: 'Answer the missed doses' }).click();
    await missedLine
      .getByLabel('Answer to the patient')
      .fill('Please restart at 2.5 mg this Sunday; I lowered your dose for two weeks.');
    await missedLine.getByRole('button', { name: 'Send to patient' }).click();
    await expect(desk2.getByText('Sent to the patient.')).toBeVisible();
    await expect(flagged.locator('[data-care="missed-doses"]')).toHaveCount(0);
    await desk2.context().close();

    // The plan's renewal pays for the next supply: its notice goes out 15 days before, and the
    // refill check-in opens 7 days before the renewal date (not on the day it is charged), as
    // the portal's next step and by email and text. The patient's 30-day session ends on the
    // way: they log in again, with a password set from a reset link.
    const auth = { authorization: `Bearer ${patient.token}` };
    const subs = await request.get('/api/subscription-items', { headers: auth });
    expect(subs.ok()).toBe(true);
    const [plan] = ((await subs.json()) as { subscriptions: { next_billing_date: string }[] })
      .subscriptions;
    const renewsOn = new Date(plan!.next_billing_date);
    const password = 'care-between-31';
    const mailsBefore = (await mailTo(request, patient.email)).length;
    const forgot = await request.post('/api/forgot-password', { data: { email: patient.email } });
    expect(forgot.ok()).toBe(true);
    const link = await passwordLink(request, patient.email, mailsBefore);
    const reset = await request.post('/api/password-reset', {
      data: { token: link.split('/').pop(), password },
    });
    expect(reset.ok()).toBe(true);
    await advanceClock(
      request,
      renewsOn.getTime() - 7 * 24 * hour + 2 * hour - (await productNow(request)).getTime(),
    );
    await expect(async () => {
      const subjects = (await mailTo(request, patient.email)).map((m) => m.subject ?? '');
      expect(subjects).toContain('Time for your refill check-in');
      expect(subjects.some((s) => s.startsWith('Your plan renews on '))).toBe(true);
    }).toPass({ timeout: 60_000 });
    const login = await request.post('/api/login', { data: { email: patient.email, password } });
    expect(login.ok()).toBe(true);
    const session = (await login.json()) as { token: string; user: unknown };
    // Kept where logging in keeps it (the seeded session of the journey's start is not seeded again).
    await page.evaluate(([key, value]) => window.localStorage.setItem(key, value), [
      SESSION_KEY,
      JSON.stringify(session),
    ] as const);
    await toProductTime(page);
    const checkIn = page.locator('section#refill-check-in');
    await expect(async () => {
      await page.goto('/home');
      await expect(checkIn).toBeVisible({ timeout: 3_000 });
    }).toPass({ timeout: 30_000 });
    await expect(checkIn).toContainText('Next step: your refill check-in');
    await expect(checkIn).toHaveAttribute('data-order-id', String(orderId));
    await careShot(page, 'refill-check-in');
    await checkIn.getByRole('link', { name: 'Start my check-in' }).click();
    // The refill questionnaire, not the first one.
    await expect(page).toHaveURL(new RegExp(`/medical-form/${orderId}\\?type=refill$`));
    // A side effect that cannot wait for the check-in's review can be reported from it.
    await expect(
      page.locator('aside#mf-side-effects').getByRole('button', { name: 'Report a side effect' }),
    ).toBeVisible();
    await careShot(page, 'refill-form');
  });
});
