/**
 * The /verify sequence as a patient meets it after paying (spec 000 sections 2, 4, 5, 8 and 9):
 * the stored address checked on entry (passed straight on, offered a correction, or typed again),
 * the phone code and the email code read from the dev mailbox, wrong codes, the resend timer, the
 * skip option, a changed phone number, and where the sequence ends (the medical form of the
 * payment's order, or the portal when the browser holds no prescription).
 *
 * Every test runs at phone and desktop widths. Patients that only need to exist are
 * made over HTTP (quiz answers, cart, sandbox card token, checkout-new and save-address, as the
 * pages send them) and their session is put into the browser's storage.
 *
 * Codes sent are few (the server allows 30 sends per client address an hour, 6 per account and
 * channel): about 20 for both widths together. Screenshots land in
 * test-results/screenshots/<project>-verify-*.png.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { fillCard } from './checkout-steps';
import { buttonLook, expectLooksDisabled } from './looks';
import { next, shot } from './quiz';
import {
  apiPatient,
  storedAddress,
  uniqueEmail,
  uniqueLine,
  type Address,
  type ApiPatient,
} from './patients';
import { SESSION_KEY, mailTo, seedStorage, waitForApp } from './support';

const PREAUTHS_KEY = 'clinic.preauths';

const texts = {
  unableToValidate: 'Unable to validate address. Please enter your address manually.',
  suggestion: 'We found a suggested correction for your address.',
  checkAddress: 'Please check your address and try again.',
  poBox:
    'Our carriers do not deliver to P.O. Box addresses. Please enter a valid street address for your shipment.',
  addressUpdated: 'Address updated successfully!',
  invalidCode: 'Invalid verification code. Please try again.',
  phoneUpdated: 'Phone number updated.',
};

/** The page and its current step. */
const verifyPage = (page: Page) => page.locator('main[data-page="verify"]');
const card = (page: Page) => page.locator('section.verify__card');
const stepItem = (page: Page, step: 'address' | 'phone' | 'email') =>
  page.locator(`li.verify-steps__item[data-step="${step}"]`);
const alertLine = (page: Page) => card(page).locator('[role="alert"]');
const statusLine = (page: Page) => card(page).locator('p.verify-message[role="status"]');
const digit = (page: Page, n: number) => page.locator(`#verify-digit-${n}`);

/** The other code of four digits: every digit moved on by one. */
function wrongFor(code: string): string {
  return code.replace(/\d/g, (d) => String((Number(d) + 1) % 10));
}

/**
 * The code of the newest verification message to `to` (phone digits or email), once more than
 * `after` verification messages have arrived there.
 */
async function codeSentTo(request: APIRequestContext, to: string, after = 0): Promise<string> {
  let code = '';
  await expect(async () => {
    const codes = (await mailTo(request, to))
      .map((m) => /Your verification code is (\d{4})\./.exec(m.body)?.[1])
      .filter((c): c is string => c !== undefined);
    expect(codes.length).toBeGreaterThan(after);
    code = codes[0] ?? '';
  }).toPass({ timeout: 15_000 });
  return code;
}

async function codesSentTo(request: APIRequestContext, to: string): Promise<number> {
  return (await mailTo(request, to)).filter((m) => /Your verification code is \d{4}\./.test(m.body))
    .length;
}

/** Types the code into the four boxes as a person does: the focus moves on after each digit. */
async function typeCode(page: Page, code: string): Promise<void> {
  await digit(page, 1).click();
  await page.keyboard.type(code);
  for (let n = 1; n <= 4; n += 1) await expect(digit(page, n)).toHaveValue(code[n - 1] ?? '');
}

/** Types a code and sends it with Verify. */
async function submitCode(page: Page, code: string): Promise<void> {
  await typeCode(page, code);
  await expect(page.locator('#verify-submit')).toBeEnabled();
  await page.locator('#verify-submit').click();
}

/** A wrong code: the boxes are emptied, the spec's text shows, Verify waits for four digits. */
async function submitWrongCode(page: Page, right: string): Promise<void> {
  await submitCode(page, wrongFor(right));
  await expect(alertLine(page)).toHaveText(texts.invalidCode);
  for (let n = 1; n <= 4; n += 1) await expect(digit(page, n)).toHaveValue('');
  await expect(page.locator('#verify-submit')).toBeDisabled();
}

async function verificationStatus(request: APIRequestContext, token: string) {
  const res = await request.get('/api/verification-status', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.ok()).toBe(true);
  return (await res.json()) as Record<'phone' | 'email', { status: string }>;
}

function tokenOf(page: Page): Promise<string> {
  return page.evaluate(
    (key) => (JSON.parse(window.localStorage.getItem(key) ?? '{}') as { token?: string }).token,
    SESSION_KEY,
  ) as Promise<string>;
}

/** Opens /verify logged in as `patient` (the session stored as the login page stores it). */
async function openVerify(page: Page, patient: ApiPatient): Promise<void> {
  await seedStorage(
    page,
    SESSION_KEY,
    JSON.stringify({ token: patient.token, user: patient.user }),
  );
  await page.goto('/verify');
  await waitForApp(page);
  await expect(verifyPage(page)).toBeVisible();
}

/**
 * Records, in the page's own time, when "Address updated successfully!" first shows and when the
 * phone step replaces the address step. Call before the action that saves.
 */
async function watchSaveToPhone(page: Page): Promise<void> {
  await page.evaluate((savedText) => {
    const times: { saved?: number; phone?: number } = {};
    (window as unknown as { verifyTimes: typeof times }).verifyTimes = times;
    const look = () => {
      const now = performance.now();
      if (
        times.saved === undefined &&
        [...document.querySelectorAll('[role="status"]')].some((e) => e.textContent === savedText)
      )
        times.saved = now;
      if (
        times.phone === undefined &&
        document.querySelector('main[data-page="verify"]')?.getAttribute('data-step') === 'phone'
      )
        times.phone = now;
    };
    new MutationObserver(look).observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      characterData: true,
    });
  }, texts.addressUpdated);
}

/** Milliseconds between the confirmation and the phone step (spec 000 section 9: 1.5 s). */
async function saveToPhoneMs(page: Page): Promise<number> {
  const times = await page.evaluate(
    () => (window as unknown as { verifyTimes: { saved?: number; phone?: number } }).verifyTimes,
  );
  expect(times.saved).toEqual(expect.any(Number));
  expect(times.phone).toEqual(expect.any(Number));
  return (times.phone ?? 0) - (times.saved ?? 0);
}

/** After a save: the confirmation, still on the address step, then the phone step 1.5 s later. */
async function expectSavedThenPhone(page: Page, shotName: string): Promise<void> {
  await expect(statusLine(page)).toHaveText(texts.addressUpdated);
  // Taken at once (no scrolling, viewport only) to catch the 1.5 s before the phone step.
  await page.screenshot({ path: `test-results/screenshots/${shotName}.png` });
  await expect(verifyPage(page)).toHaveAttribute('data-step', 'phone', { timeout: 5_000 });
  const waited = await saveToPhoneMs(page);
  expect(waited).toBeGreaterThanOrEqual(1_450);
  expect(waited).toBeLessThan(3_000);
  await expect(stepItem(page, 'address')).toHaveAttribute('data-state', 'done');
  await expect(page.locator('#verify-title')).toHaveText('Verify your phone number');
}

// ---------------------------------------------------------------------------------------------

test.describe('the whole journey', () => {
  test('quiz, checkout with 4242, upsell, then address, phone and email to the medical form', async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(120_000);
    const project = testInfo.project.name;
    const email = uniqueEmail('journey');
    const line = uniqueLine();
    const phone = `512555${line}`;

    // The quiz with this patient's own phone number and email.
    await page.goto('/');
    await waitForApp(page);
    await expect(page.getByText('Step 1 of 9')).toBeVisible();
    await page.getByRole('checkbox').check();
    await next(page).click();
    await page.getByLabel('State', { exact: true }).selectOption('TX');
    await next(page).click();
    await page.getByLabel('First name', { exact: true }).fill('Jordan');
    await page.getByLabel('Last name', { exact: true }).fill('Rivera');
    await next(page).click();
    await page.getByRole('button', { name: 'Male', exact: true }).click();
    await page.getByLabel('Area code', { exact: true }).fill('512');
    await page.getByLabel('Prefix', { exact: true }).fill('555');
    await page.getByLabel('Line number', { exact: true }).fill(line);
    await next(page).click();
    await page.getByLabel('Email address', { exact: true }).fill(email);
    await page.getByRole('checkbox').check();
    await next(page).click();
    await page.getByLabel('Feet', { exact: true }).fill('5');
    await page.getByLabel('Inches', { exact: true }).fill('10');
    await page.getByLabel('Weight (lbs)', { exact: true }).fill('240');
    await next(page).click();
    await page.getByLabel('Month', { exact: true }).selectOption({ index: 2 });
    await page.getByLabel('Day', { exact: true }).fill('14');
    await page.getByLabel('Year', { exact: true }).fill('1990');
    await next(page).click();
    await expect(page.getByText('Step 9 of 9')).toBeVisible();
    await page.getByLabel('Goal weight (lbs)', { exact: true }).fill('190');
    await page.getByRole('button', { name: 'Start my FREE visit ->' }).click();
    await page.getByRole('link', { name: 'Choose my plan' }).click();
    await page.getByRole('button', { name: 'No' }).click();
    await page.getByRole('button', { name: 'Choose Tirzepatide' }).click();
    await expect(page).toHaveURL(/\/weight-loss-payment\/[0-9a-f-]{36}$/);

    // Checkout: a real address typed the way people type it, and 4242.
    await page.getByLabel('Address line 1', { exact: true }).fill('1200 Congress Avenue');
    await page.getByLabel('Address line 2 (optional)', { exact: true }).fill('Apartment 4');
    await page.getByLabel('City', { exact: true }).fill('Austin');
    await page.getByLabel('State', { exact: true }).selectOption('TX');
    await page.getByLabel('ZIP code', { exact: true }).fill('78701');
    await fillCard(page, '4242 4242 4242 4242');
    const checkout = page.waitForResponse(
      (r) => new URL(r.url()).pathname === '/api/checkout-new' && r.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Pay $1,349.82' }).click();
    const payment = (await (await checkout).json()) as {
      prescriptionPreauths: { orderId: number }[];
    };
    const orderId = payment.prescriptionPreauths[0]?.orderId;
    expect(orderId).toEqual(expect.any(Number));
    await expect(page).toHaveURL(/\/payment\/thanks\?terms=6&amount=1349\.82&trans_id=ch_/);
    const preauths = await page.evaluate(
      (key) => JSON.parse(window.sessionStorage.getItem(key) ?? '[]') as { orderId: number }[],
      PREAUTHS_KEY,
    );
    expect(preauths[0]?.orderId).toBe(orderId);

    // The upsell, then the status page's button into the verification sequence.
    await page.getByRole('button', { name: 'Add To Order' }).click();
    await expect(
      page.getByRole('heading', { name: 'You made the right choice, Jordan' }),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Next Step' }).click();
    await expect(page).toHaveURL(/\/status-progress$/);
    const addressCheck = page.waitForResponse((r) =>
      new URL(r.url()).pathname.startsWith('/api/address/validate/'),
    );
    const phoneSend = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/send-code/1');
    await page.getByRole('link', { name: 'Complete Medical Form' }).click();
    await expect(page).toHaveURL(/\/verify$/);

    // The address typed at checkout is deliverable: checked on entry, then straight to the phone.
    const checked = (await (await addressCheck).json()) as {
      data: { valid: boolean; address: Record<string, unknown> | null };
    };
    expect(checked.data.valid).toBe(true);
    expect(checked.data.address).toMatchObject({
      address_line_1: '1200 Congress Avenue',
      address_line_2: 'Apartment 4',
      city: 'Austin',
      state: 'TX',
      zip: '78701',
    });
    await expect(verifyPage(page)).toHaveAttribute('data-step', 'phone');
    await expect(page.locator('#verify-address-form')).toHaveCount(0);
    await expect(stepItem(page, 'address')).toHaveAttribute('data-state', 'done');
    await expect(stepItem(page, 'phone')).toHaveAttribute('data-state', 'current');
    expect((await phoneSend).status()).toBe(200);

    // Phone: a wrong code first, then the one texted to the quiz's number.
    await expect(page.locator('#verify-title')).toHaveText('Verify your phone number');
    await expect(page.locator('#verify-sent-to')).toHaveText(
      `We sent a 4-digit code to ***-***-${line}`,
    );
    const phoneCode = await codeSentTo(request, phone);
    await shot(page, 'verify-phone', project);
    await submitWrongCode(page, phoneCode);
    await expect(digit(page, 1)).toBeFocused();
    await shot(page, 'verify-phone-wrong-code', project);
    const emailSend = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/send-code/2');
    await submitCode(page, phoneCode);

    // Email: the code emailed to the quiz's address, then the payment's medical form.
    await expect(verifyPage(page)).toHaveAttribute('data-step', 'email');
    await expect(page.locator('#verify-title')).toHaveText('Verify your email address');
    await expect(stepItem(page, 'phone')).toHaveAttribute('data-state', 'done');
    expect((await emailSend).status()).toBe(200);
    await expect(page.locator('#verify-sent-to')).toHaveText(
      `We sent a 4-digit code to ${email.slice(0, 1)}***@example.com`,
    );
    const emailCode = await codeSentTo(request, email);
    await shot(page, 'verify-email', project);
    await submitCode(page, emailCode);
    await expect(page).toHaveURL(new RegExp(`/medical-form/${orderId}\\?type=\\w+$`));
    await expect(page.locator('main[data-page="medical-form"]')).toBeVisible();

    expect(await verificationStatus(request, await tokenOf(page))).toMatchObject({
      phone: { status: 'verified' },
      email: { status: 'verified' },
    });
  });
});

// ---------------------------------------------------------------------------------------------

test.describe('an address that cannot be shipped to', () => {
  test('a ZIP code of another state: the suggestion card, a P.O. box refused, the corrected address saved', async ({
    page,
    request,
  }, testInfo) => {
    const project = testInfo.project.name;
    const patient = await apiPatient(request, {
      addressLine1: '1200 Congress Ave',
      city: 'Austin',
      state: 'TX',
      zip: '10001', // New York's
    });
    const addressCheck = page.waitForResponse((r) =>
      new URL(r.url()).pathname.startsWith('/api/address/validate/'),
    );
    await openVerify(page, patient);

    // The product offers a correction (the city's ZIP codes) rather than the bare manual form.
    const checked = (await (await addressCheck).json()) as {
      data: { valid: boolean; suggestions: Record<string, string>[] };
    };
    expect(checked.data.valid).toBe(false);
    const suggested = checked.data.suggestions[0];
    expect(suggested).toMatchObject({ address_line_1: '1200 CONGRESS AVE', state: 'TX' });
    expect(suggested?.city).toBe('AUSTIN');
    await expect(card(page)).toHaveAttribute('data-screen', 'suggestion');
    await expect(verifyPage(page)).toHaveAttribute('data-step', 'address');
    await expect(statusLine(page)).toHaveText(texts.suggestion);
    await expect(page.getByText(texts.unableToValidate)).toHaveCount(0);
    const suggestion = page.locator('#verify-suggestion');
    await expect(suggestion).toContainText('Suggested address');
    await expect(suggestion).toContainText(`AUSTIN, TX ${suggested?.zip ?? ''}`);
    await expect(suggestion).toContainText('You entered');
    await expect(suggestion).toContainText('Austin, TX 10001');
    await shot(page, 'verify-address-suggestion', project);

    // The patient types it instead: the form holds the stored address.
    await page.locator('#verify-enter-different').click();
    await expect(card(page)).toHaveAttribute('data-screen', 'form');
    await expect(page.locator('#verify-address-line1')).toHaveValue('1200 Congress Ave');
    await expect(page.locator('#verify-zip')).toHaveValue('10001');

    // A P.O. box: refused with the server's words, nothing saved, nothing moves on.
    const shipCalls: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/ship-address') shipCalls.push(r.method());
    });
    await page.locator('#verify-zip').fill('78701');
    await page.locator('#verify-address-line1').fill('PO Box 12');
    const poCheck = page.waitForResponse(
      (r) =>
        new URL(r.url()).pathname === '/api/address/validate' && r.request().method() === 'POST',
    );
    await page.locator('#verify-address-submit').click();
    const refused = (await (await poCheck).json()) as {
      valid: boolean;
      message: string;
      problems: { field: string; message: string }[];
    };
    // The P.O. box reason (spec 001's "Invalid Address" words), not "check your address".
    expect(refused).toMatchObject({ valid: false, message: texts.poBox });
    expect(refused.problems).toEqual([{ field: 'address_line_1', message: texts.poBox }]);
    await expect(alertLine(page)).toHaveText(texts.poBox);
    await expect(page.locator('#verify-address-line1-error')).toHaveText(texts.poBox);
    await expect(page.locator('#verify-address-line1')).toHaveAttribute('aria-invalid', 'true');
    await expect(verifyPage(page)).toHaveAttribute('data-step', 'address');
    await expect(card(page)).toHaveAttribute('data-screen', 'form');
    await shot(page, 'verify-address-po-box', project);
    expect(shipCalls).toEqual([]);
    expect(await storedAddress(request, patient.token)).toMatchObject({ zip: '10001' });

    // The corrected address: saved in standard form, then the phone step 1.5 s later.
    await page.locator('#verify-address-line1').fill('1200 Congress Avenue');
    await page.locator('#verify-address-line2').fill('Apartment 4');
    await expect(page.locator('#verify-address-line1-error')).toHaveCount(0);
    await watchSaveToPhone(page);
    await page.locator('#verify-address-submit').click();
    await expectSavedThenPhone(page, `${project}-verify-address-saved`);
    expect(shipCalls).toEqual(['POST']);
    expect(await storedAddress(request, patient.token)).toEqual({
      address_line_1: '1200 CONGRESS AVE',
      address_line_2: 'APT 4',
      city: 'AUSTIN',
      state: 'TX',
      zip: '78701',
    });
  });

  test('a street without a house number: the manual form, then a typed city taken from the suggestion', async ({
    page,
    request,
  }, testInfo) => {
    const project = testInfo.project.name;
    const patient = await apiPatient(request, {
      addressLine1: 'Congress Avenue',
      city: 'Austin',
      state: 'TX',
      zip: '78701',
    });
    await openVerify(page, patient);

    // No correction makes it shippable: the spec's text and the form with the stored address.
    await expect(card(page)).toHaveAttribute('data-screen', 'form');
    await expect(alertLine(page)).toHaveText(texts.unableToValidate);
    await expect(page.locator('#verify-address-line1')).toHaveValue('Congress Avenue');
    await expect(page.locator('#verify-city')).toHaveValue('Austin');
    await expect(page.locator('#verify-state')).toHaveValue('TX');
    await expect(page.locator('#verify-zip')).toHaveValue('78701');
    await expect(page.locator('#verify-address-line1-error')).toHaveText(
      'Please enter a house number and street name.',
    );
    await shot(page, 'verify-address-manual', project);

    // The city is required (checked in the page, nothing sent).
    await page.locator('#verify-city').fill('');
    await page.locator('#verify-address-submit').click();
    await expect(page.locator('#verify-city-error')).toHaveText('City is required');
    await expect(page.locator('#verify-city')).toBeFocused();

    // A house number now, and the city mistyped: the product offers the ZIP code's city.
    await page.locator('#verify-address-line1').fill('1200 Congress Avenue');
    await page.locator('#verify-address-line2').fill('Apartment 4');
    await page.locator('#verify-city').fill('Austn');
    await page.locator('#verify-address-submit').click();
    await expect(card(page)).toHaveAttribute('data-screen', 'suggestion');
    await expect(statusLine(page)).toHaveText(texts.suggestion);
    const suggestion = page.locator('#verify-suggestion');
    await expect(suggestion).toContainText('1200 CONGRESS AVE');
    await expect(suggestion).toContainText('APT 4');
    await expect(suggestion).toContainText('AUSTIN, TX 78701');
    await expect(suggestion).toContainText('Austn, TX 78701');
    await shot(page, 'verify-address-typed-suggestion', project);

    await watchSaveToPhone(page);
    await page.locator('#verify-use-suggestion').click();
    await expectSavedThenPhone(page, `${project}-verify-address-suggestion-saved`);
    expect(await storedAddress(request, patient.token)).toEqual({
      address_line_1: '1200 CONGRESS AVE',
      address_line_2: 'APT 4',
      city: 'AUSTIN',
      state: 'TX',
      zip: '78701',
    });
  });
});

// ---------------------------------------------------------------------------------------------

test.describe('the code screen', () => {
  const austin: Address = {
    addressLine1: '1200 Congress Ave',
    addressLine2: 'Apt 4',
    city: 'Austin',
    state: 'TX',
    zip: '78701',
  };

  test('the resend timer, two wrong codes flag the skip, and skipping both steps ends at /home', async ({
    page,
    request,
  }, testInfo) => {
    const project = testInfo.project.name;
    const patient = await apiPatient(request, austin);
    await openVerify(page, patient);
    await expect(verifyPage(page)).toHaveAttribute('data-step', 'phone');

    // After the send: the countdown shows and resend is blocked.
    const timer = page.locator('#verify-resend-timer');
    await expect(timer).toHaveText(/^Resend available in \d+s$/);
    const secondsShown = async () =>
      Number(/(\d+)s$/.exec((await timer.textContent()) ?? '')?.[1] ?? NaN);
    const first = await secondsShown();
    expect(first).toBeGreaterThanOrEqual(55);
    expect(first).toBeLessThanOrEqual(60);
    await expect(page.locator('#verify-resend')).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Resend code' })).toBeDisabled();
    await expect.poll(secondsShown, { timeout: 5_000 }).toBeLessThan(first);
    await expect(page.locator('#verify-resend')).toBeDisabled();
    await shot(page, 'verify-phone-timer', project);

    // Verify waits for four digits, and looks it: grey until then, readable all the same.
    const verify = page.locator('#verify-submit');
    await expect(verify).toBeDisabled();
    const waiting = await buttonLook(verify);
    await typeCode(page, '1234');
    await expect(verify).toBeEnabled();
    expectLooksDisabled(waiting, await buttonLook(verify));
    for (let n = 4; n >= 1; n -= 1) await digit(page, n).fill('');

    // One wrong code: not flagged yet; the second flags the skip option.
    const code = await codeSentTo(request, patient.phone);
    const skip = page.locator('#verify-skip');
    await expect(skip).toBeVisible();
    await expect(skip).toHaveText('Skip verification');
    await submitWrongCode(page, code);
    await expect(skip).not.toHaveAttribute('data-flagged');
    await submitWrongCode(page, code);
    await expect(skip).toHaveAttribute('data-flagged', 'true');
    await expect(page.locator('.verify-skip--flagged')).toBeVisible();
    await expect(page.locator('#verify-skip-hint')).toBeVisible();
    await shot(page, 'verify-skip-flagged', project);

    // Skip verification: on to the email step.
    await page.getByRole('button', { name: 'Skip verification' }).click();
    await expect(verifyPage(page)).toHaveAttribute('data-step', 'email');
    await expect(page.locator('#verify-title')).toHaveText('Verify your email address');
    await expect(page.locator('#verify-skip')).not.toHaveAttribute('data-flagged');

    // No prescription in this browser's storage: skipping the email ends at the portal.
    expect(await page.evaluate((k) => window.sessionStorage.getItem(k), PREAUTHS_KEY)).toBeNull();
    await page.getByRole('button', { name: 'Skip verification' }).click();
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole('heading', { name: 'Welcome, Jordan!' })).toBeVisible();
    expect(await verificationStatus(request, patient.token)).toMatchObject({
      phone: { status: 'skipped' },
      email: { status: 'skipped' },
    });
  });

  test('changing the phone number: only a valid number, the code goes to it and verifies', async ({
    page,
    request,
  }, testInfo) => {
    const project = testInfo.project.name;
    const patient = await apiPatient(request, austin);
    await openVerify(page, patient);
    await expect(verifyPage(page)).toHaveAttribute('data-step', 'phone');
    const oldCode = await codeSentTo(request, patient.phone);
    await submitWrongCode(page, oldCode);
    await submitWrongCode(page, oldCode);
    await expect(page.locator('#verify-skip')).toHaveAttribute('data-flagged', 'true');
    await typeCode(page, '12');

    await page.getByRole('button', { name: 'Change phone number' }).click();
    await expect(card(page)).toHaveAttribute('data-screen', 'change');
    await expect(page.locator('#verify-title')).toHaveText('Change phone number');
    const area = page.locator('#verify-phone-area');
    const prefix = page.locator('#verify-phone-prefix');
    const lineBox = page.locator('#verify-phone-line');
    const update = page.locator('#verify-phone-submit');
    await expect(update).toBeDisabled();

    // 911-555-0000: no such number, no submit.
    await area.fill('911');
    await prefix.fill('555');
    await lineBox.fill('0000');
    await expect(update).toBeDisabled();
    await shot(page, 'verify-change-phone-invalid', project);
    // Only digits are kept.
    await lineBox.fill('12a');
    await expect(lineBox).toHaveValue('12');

    const newLine = uniqueLine();
    const newPhone = `469555${newLine}`;
    await area.fill('469');
    await prefix.fill('555');
    await lineBox.fill(newLine);
    await expect(update).toBeEnabled();
    await shot(page, 'verify-change-phone-valid', project);

    const oldCount = await codesSentTo(request, patient.phone);
    await update.click();

    // Back on the code screen: attempts, digits and timer reset, a code sent to the new number.
    await expect(card(page)).toHaveAttribute('data-screen', 'code');
    await expect(statusLine(page)).toHaveText(texts.phoneUpdated);
    await expect(page.locator('#verify-sent-to')).toHaveText(
      `We sent a 4-digit code to ***-***-${newLine}`,
    );
    for (let n = 1; n <= 4; n += 1) await expect(digit(page, n)).toHaveValue('');
    await expect(page.locator('#verify-skip')).not.toHaveAttribute('data-flagged');
    await expect(page.locator('#verify-resend-timer')).toHaveCount(0);
    await expect(page.locator('#verify-resend')).toBeEnabled();
    const newCode = await codeSentTo(request, newPhone);
    expect(await codesSentTo(request, patient.phone)).toBe(oldCount);
    await shot(page, 'verify-phone-changed', project);

    // The attempt count started over with the new number: one wrong code does not flag the skip
    // (spec 000 section 4, "Changing phone or email: attempt count and digits reset").
    await submitWrongCode(page, newCode);
    await expect(page.locator('#verify-skip')).not.toHaveAttribute('data-flagged');

    // The old number's code no longer works (a new code never repeats the one it replaces); the
    // new one verifies.
    expect(newCode).not.toBe(oldCode);
    await submitCode(page, oldCode);
    await expect(alertLine(page)).toHaveText(texts.invalidCode);
    await expect(verifyPage(page)).toHaveAttribute('data-step', 'phone');
    await submitCode(page, newCode);
    await expect(verifyPage(page)).toHaveAttribute('data-step', 'email');
    expect(await verificationStatus(request, patient.token)).toMatchObject({
      phone: { status: 'verified' },
      email: { status: 'pending' },
    });
  });
});

// ---------------------------------------------------------------------------------------------

test.describe('a revisit', () => {
  test('after both contacts are done: no code is sent, straight to the medical form', async ({
    page,
    request,
  }) => {
    const patient = await apiPatient(request, {
      addressLine1: '1200 Congress Ave',
      addressLine2: 'Apt 4',
      city: 'Austin',
      state: 'TX',
      zip: '78701',
    });
    // Done before this visit: the phone skipped, the email skipped (no code spent on them).
    for (const type of [1, 2]) {
      const skipped = await request.post('/api/skip-verification', {
        headers: { authorization: `Bearer ${patient.token}` },
        data: { type },
      });
      expect(skipped.ok()).toBe(true);
    }
    // The payment's prescription, as the checkout page leaves it in this tab.
    await page.addInitScript(
      ({ key, orderId }) => window.sessionStorage.setItem(key, JSON.stringify([{ orderId }])),
      { key: PREAUTHS_KEY, orderId: patient.orderId },
    );
    const sends: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/api/send-code')) sends.push(r.url());
    });

    await seedStorage(
      page,
      SESSION_KEY,
      JSON.stringify({ token: patient.token, user: patient.user }),
    );
    await page.goto('/verify');
    await waitForApp(page);
    await expect(page).toHaveURL(new RegExp(`/medical-form/${patient.orderId}\\?type=\\w+$`));
    await expect(page.locator('main[data-page="medical-form"]')).toBeVisible();
    expect(sends).toEqual([]);
    expect(await codesSentTo(request, patient.phone)).toBe(0);
    expect(await codesSentTo(request, patient.email)).toBe(0);
  });
});
