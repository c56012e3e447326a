/**
 * The clinician's review as the journeys that go through it take it (the review itself, the
 * fulfilment after it): a patient who submitted the medical form in the browser, staff logged in
 * in a browser of their own, the case claimed from the queue and approved.
 */
import { randomInt } from 'node:crypto';
import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { answerAll, california, openFormFromVerify } from './medical-form-steps';
import { apiPatient, type ApiPatient } from './patients';
import { reusableStaffSession } from './staff-login';
import { mailTo, seedStorage, SESSION_KEY } from './support';

export interface StaffAccount {
  email: string;
  password: string;
  /** The console page the role lands on after logging in. */
  landing: string;
}

export const clinician: StaffAccount = {
  email: 'clinician@demo.glp-clinic.local',
  password: 'demo-clinician-2026',
  landing: '/console/review-queue',
};

export const supportAgent: StaffAccount = {
  email: 'support@demo.glp-clinic.local',
  password: 'demo-support-2026',
  landing: '/console/chat-inbox',
};

export const pharmacist: StaffAccount = {
  email: 'pharmacy@demo.glp-clinic.local',
  password: 'demo-pharmacy-2026',
  landing: '/console/orders-to-place',
};

/**
 * A paying Californian who skipped verification and submitted the medical form in the browser
 * (`page` is theirs, on /home): a case in the clinician's queue.
 */
export async function submittedPatient(
  page: Page,
  request: APIRequestContext,
  opts: Parameters<typeof apiPatient>[2],
): Promise<ApiPatient> {
  const patient = await apiPatient(request, california, opts);
  await openFormFromVerify(page, request, patient);
  await answerAll(page);
  await expect(page).toHaveURL(/\/home$/, { timeout: 20_000 });
  return patient;
}

/**
 * A staff member's own browser (a desktop laptop unless `viewport` says otherwise), logged in,
 * from an address of its own: login allows 20 attempts per address in 15 minutes and the other
 * journeys log in too.
 */
export async function staffPage(
  browser: Browser,
  baseURL: string,
  account: StaffAccount,
  viewport: { width: number; height: number } = { width: 1280, height: 900 },
): Promise<Page> {
  const context = await browser.newContext({
    baseURL,
    viewport,
    extraHTTPHeaders: {
      'X-Forwarded-For': `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`,
    },
  });
  // Logging in itself is console.spec.ts's and staff-sign-in.spec.ts's: here the account's
  // session from an earlier journey is reused (staff-login.ts), as a browser keeps it.
  const session = await reusableStaffSession(context.request, account);
  const page = await context.newPage();
  await seedStorage(page, SESSION_KEY, JSON.stringify(session));
  await page.goto('/console');
  await expect(page).toHaveURL(new RegExp(`${account.landing}$`));
  await expect(page.getByTestId('console-staff')).toBeVisible();
  return page;
}

/** The clinician's browser, logged in, on the review queue. */
export const clinicianPage = (browser: Browser, baseURL: string) =>
  staffPage(browser, baseURL, clinician);

/** Opens the case from the queue (the row of the order) and claims it. */
export async function claimFromQueue(page: Page, orderId: number): Promise<void> {
  await page.goto('/console/review-queue');
  const row = page.locator(`[data-order-id="${orderId}"]`);
  await expect(async () => {
    await page.reload();
    await expect(row).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await row.click();
  await expect(page).toHaveURL(new RegExp(`/console/review-queue/${orderId}$`));
  await page.getByTestId('claim-bar').getByRole('button', { name: 'Claim' }).click();
  await expect(page.getByTestId('claim-bar')).toContainText('You are reviewing this case.');
}

export async function approve(page: Page): Promise<void> {
  const form = page.getByRole('form', { name: 'Approve' });
  await form.getByRole('button', { name: 'Approve and send the prescription' }).click();
  await expect(page.getByText('Approved. The prescription was sent to the patient.')).toBeVisible();
}

/** The clinician holding the case denies it with the reason the patient reads, and confirms. */
export async function deny(page: Page, reason: string): Promise<void> {
  await page.getByRole('tab', { name: 'Deny' }).click();
  await page.getByRole('form', { name: 'Deny' }).getByLabel('Reason').fill(reason);
  await page.getByRole('button', { name: 'Deny and refund' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Yes, deny and refund' }).click();
  await expect(
    page.getByText('Denied. The patient was told and the order is being refunded.'),
  ).toBeVisible();
}

/**
 * The clinician holding the case asks the patient for more: the option whose words match
 * `choice` ("Send a message", "Require the identity video"...), with the note to the patient.
 */
export async function askForMore(page: Page, choice: RegExp, note: string): Promise<void> {
  await page.getByRole('tab', { name: 'Ask for more' }).click();
  const more = page.getByRole('form', { name: 'Ask for more' });
  await more.getByRole('radio', { name: choice }).check();
  await more.getByLabel('Message to the patient').fill(note);
  await more.getByRole('button', { name: 'Send to the patient' }).click();
  await expect(page.getByText('Sent to the patient.')).toBeVisible();
}

/**
 * The patient accepts the prescription the clinician approved, once its email has come, on the
 * page the email links to; back on /home.
 */
export async function acceptPrescription(
  page: Page,
  request: APIRequestContext,
  patient: ApiPatient,
): Promise<void> {
  await expect(async () => {
    const subjects = (await mailTo(request, patient.email)).map((m) => m.subject);
    expect(subjects).toContain('Your prescription is ready for you to review');
  }).toPass({ timeout: 20_000 });
  await expect(async () => {
    await page.goto(`/prescription/${patient.orderId}`);
    await expect(page.locator('#rx-approve')).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  await page.locator('#rx-approve').click();
  await expect(page).toHaveURL(/\/home$/, { timeout: 20_000 });
}

/** Reloads a console list until the row (or card) matching `text` is there. */
export async function consoleRowUntil(page: Page, path: string, selector: string, text: RegExp) {
  const row = page.locator(selector, { hasText: text });
  await expect(async () => {
    await page.goto(path);
    await expect(row).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  return row;
}
