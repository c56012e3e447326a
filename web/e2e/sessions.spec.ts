/**
 * Sessions that end (issue 26): Log Out leaves the next person on a shared phone nothing of the
 * patient, and a patient whose account someone tried to break into still logs in, with the code
 * we email them. Phone width only: the five wrong passwords count against this machine's
 * address, which every journey shares.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { quizPatient } from './patients';
import { answerQuiz, shot } from './quiz';
import { intakeQuiz, logIn, loginPage, mailTo, passwordLink, waitForApp } from './support';

/** Every key the app keeps in this tab's storages. */
const storedKeys = (page: Page) =>
  page.evaluate(() => ({
    local: Object.keys(window.localStorage).filter((k) => !k.startsWith('e2e.')),
    session: Object.keys(window.sessionStorage).filter((k) => !k.startsWith('e2e.')),
  }));

test('Log Out forgets the quiz: the next visitor on the phone starts at step 1 with empty fields', async ({
  page,
  baseURL,
}, testInfo) => {
  await page.goto('/?utm_source=newsletter&c_id=aff-7');
  await waitForApp(page);
  await answerQuiz(page);
  await page.getByRole('button', { name: 'Start my FREE visit ->' }).click();
  await expect(page).toHaveURL(`${baseURL}/weight-loss-report?desired_weight=190`);
  const before = await storedKeys(page);
  expect(before.session).toEqual(expect.arrayContaining(['clinic.intake']));
  expect(before.local).toContain('clinic.session');

  await page.getByRole('button', { name: 'Log Out' }).click();
  await expect(loginPage(page)).toBeVisible();
  const after = await storedKeys(page);
  expect(after.session).toEqual([]);
  expect(after.local.filter((k) => k !== 'clinic.products')).toEqual([]);
  expect(await page.evaluate(() => document.cookie)).not.toContain('clinic_tracking');

  // The next person opens the clinic in the same tab.
  await page.goto('/');
  await waitForApp(page);
  await expect(intakeQuiz(page)).toBeVisible();
  await expect(page.getByText('Step 1 of 9')).toBeVisible();
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('State', { exact: true }).selectOption('TX');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByLabel('First name', { exact: true })).toHaveValue('');
  await expect(page.getByLabel('Last name', { exact: true })).toHaveValue('');
  await shot(page, 'after-logout-quiz', testInfo.project.name);
});

/** A patient with a password, as the welcome email's link sets it. */
async function patientWithPassword(request: APIRequestContext, password: string) {
  const email = await quizPatient(request, 'lockout');
  const link = await passwordLink(request, email);
  const set = await request.post('/api/password-reset', {
    data: { token: link.split('/').pop(), password },
  });
  expect(set.ok()).toBe(true);
  return email;
}

test('after five wrong passwords the patient still logs in, with the code emailed to them', async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  const password = 'sam-password-9';
  const email = await patientWithPassword(request, password);
  // Someone else tries five passwords.
  for (let i = 0; i < 5; i += 1) {
    const tried = await request.post('/api/login', { data: { email, password: `guess-${i}` } });
    expect(tried.status()).toBe(401);
  }

  await page.goto('/login');
  await waitForApp(page);
  await logIn(page, email, password);
  await expect(page.getByText(/this account needs a code to log in/)).toBeVisible();
  const codeField = page.getByLabel('Code from our email');
  await expect(codeField).toBeVisible();
  await expect(page.getByRole('button', { name: 'Email me a new code' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Forgot your password?' })).toBeVisible();
  await shot(page, 'login-code', testInfo.project.name);

  let code = '';
  await expect(async () => {
    const [latest] = (await mailTo(request, email)).filter((m) => m.subject === 'Your login code');
    code = /\n(\d{6})\n/.exec(latest?.body ?? '')?.[1] ?? '';
    expect(code).toMatch(/^\d{6}$/);
  }).toPass({ timeout: 15_000 });

  await codeField.fill(code === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByRole('alert')).toHaveText(/That code is not right/);

  await codeField.fill(code);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(`${baseURL}/home`);
});
