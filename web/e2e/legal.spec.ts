/**
 * The legal documents, the CCPA privacy request, and the help pages (issue 13): every footer link
 * opens its full document, a contents link moves within it, the privacy request goes to the
 * server and comes back by email with its reference, and support and the FAQ can be reached from
 * the footer and from the portal.
 */
import { expect, test, type Page } from '@playwright/test';
import {
  DEMO_PATIENT,
  LEGAL_LINKS,
  SESSION_KEY,
  apiSession,
  mailTo,
  scrollY,
  seedStorage,
  waitForApp,
} from './support';

function footerLink(page: Page, name: string) {
  return page.locator('footer').getByRole('link', { name, exact: true });
}

function legalDocument(page: Page, path: string) {
  return page.locator(`main[data-legal-doc="${path.split('/').pop()}"]`);
}

test('each footer legal link opens its full document', async ({ page, baseURL }) => {
  await page.goto('/about');
  await waitForApp(page);

  for (const { text, path } of LEGAL_LINKS) {
    await footerLink(page, text).click();
    await expect(page).toHaveURL(`${baseURL}${path}`);
    const doc = legalDocument(page, path);
    await expect(doc).toBeVisible();
    // The heading starts with the footer's words (HIPAA Notice of Privacy Practices, ...).
    const title = (await doc.getByRole('heading', { level: 1 }).textContent()) ?? '';
    expect(title.toLowerCase()).toContain(text.split(' ')[0]!.toLowerCase());
    await expect(page).toHaveTitle(`${title} | GLP Clinic`);
    await expect(doc.getByText('Effective November 24, 2026')).toBeVisible();
    expect(await doc.locator('article h2').count()).toBeGreaterThanOrEqual(5);
    await expect(doc.locator('section#contact')).toContainText('care@glpclinic.example');
  }
});

test('a contents link moves to its section without leaving the page', async ({ page, baseURL }) => {
  await page.goto('/legal/terms-of-use');
  await waitForApp(page);
  const contents = page.locator('details.legal__contents');
  await expect(contents).toBeVisible();
  // Folded on phones, open beside the text on wide screens.
  if (!(await contents.evaluate((d) => (d as HTMLDetailsElement).open)))
    await contents.locator('summary').click();

  await contents.getByRole('link', { name: '9. Cancelling your plan' }).click();
  await expect(page).toHaveURL(`${baseURL}/legal/terms-of-use#cancellation`);
  const heading = page.getByRole('heading', { level: 2, name: '9. Cancelling your plan' });
  await expect(heading).toBeFocused();
  await expect(heading).toBeInViewport();
  await expect.poll(() => scrollY(page)).toBeGreaterThan(500);

  // A link to a section from elsewhere lands on it.
  await page.goto('/legal/privacy-policy#cookies');
  await expect(page.getByRole('heading', { level: 2, name: /Cookies/ })).toBeInViewport();
});

test.describe('the CCPA privacy request', () => {
  test('field errors, then the request, its reference on the page and in the email', async ({
    page,
    request,
  }, testInfo) => {
    const email = `privacy-${testInfo.project.name}-${Date.now()}@example.com`;
    await page.goto('/legal/ccpa-opt-out');
    await waitForApp(page);
    const form = page.getByRole('form', { name: 'Privacy request' });
    await expect(form).toBeVisible();

    // Nothing filled: each field says what it needs, and nothing is sent.
    let sent = 0;
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/privacy-request') sent += 1;
    });
    await form.getByRole('button', { name: 'Send request' }).click();
    await expect(form.getByText('Please enter your full name')).toBeVisible();
    await expect(form.getByText('Please enter a valid email address')).toBeVisible();
    await expect(form.getByText('Please select your state of residence')).toBeVisible();
    await expect(form.getByText('Please choose what you would like us to do')).toBeVisible();
    await expect(
      form.getByText('Please confirm that you are the consumer or their authorized agent'),
    ).toBeVisible();
    await expect(form.getByLabel('Full name')).toBeFocused();
    expect(sent).toBe(0);

    await form.getByLabel('Full name').fill('Ana Diaz');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('State of residence').selectOption('CA');
    await form.getByRole('radio', { name: /Access \(know\)/ }).check();
    await form.getByLabel(/^Details/).fill('Please send me a copy of what you hold.');
    await form.getByRole('checkbox', { name: /I am the consumer named above/ }).check();
    const answer = page.waitForResponse(
      (r) => new URL(r.url()).pathname === '/api/privacy-request',
    );
    await form.getByRole('button', { name: 'Send request' }).click();
    const response = await answer;
    expect(response.status()).toBe(200);
    const { reference } = (await response.json()) as { reference: string };
    expect(reference).toMatch(/^PR-[0-9A-Z]{8}$/);

    const confirmation = page.getByTestId('privacy-request-confirmation');
    await expect(confirmation).toContainText('Request received');
    await expect(confirmation).toContainText('respond within 45 days');
    await expect(page.getByTestId('privacy-reference')).toHaveText(reference);

    await expect(async () => {
      const [mail] = await mailTo(request, email);
      expect(mail?.subject).toBe(`We received your privacy request (${reference})`);
      expect(mail?.body).toContain(`Your reference is ${reference}`);
      expect(mail?.body).toContain('(45 days from receipt)');
    }).toPass({ timeout: 15_000 });
  });
});

test('help and support, and the FAQ, from the footer', async ({ page, baseURL }) => {
  await page.goto('/');
  await waitForApp(page);

  await footerLink(page, 'Help and support').click();
  await expect(page).toHaveURL(`${baseURL}/support`);
  await expect(page.getByRole('heading', { level: 1, name: 'Help and support' })).toBeVisible();
  const card = page.locator('.support-card');
  await expect(card.getByRole('link', { name: 'care@glpclinic.example' })).toHaveAttribute(
    'href',
    'mailto:care@glpclinic.example',
  );
  await expect(card.getByRole('link', { name: '(888) 555-0142' })).toHaveAttribute(
    'href',
    'tel:+18885550142',
  );
  await expect(page.locator('main').getByText('In a medical emergency, call 911')).toBeVisible();

  await footerLink(page, 'FAQ').click();
  await expect(page).toHaveURL(`${baseURL}/faq`);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Frequently asked questions' }),
  ).toBeVisible();
  const question = page.locator('details#not-approved');
  await question.locator('summary').click();
  await expect(question).toContainText('You get a full refund of everything you paid');
});

test('help and support from the portal', async ({ page, request, baseURL }) => {
  const session = await apiSession(request, DEMO_PATIENT.email, DEMO_PATIENT.password);
  await seedStorage(page, SESSION_KEY, JSON.stringify(session));
  await page.goto('/home');
  await waitForApp(page);

  await page.locator('main').getByRole('link', { name: 'Help and support' }).click();
  await expect(page).toHaveURL(`${baseURL}/support`);
  await expect(page.getByRole('heading', { level: 1, name: 'Help and support' })).toBeVisible();
  await page.getByRole('link', { name: 'See all questions' }).click();
  await expect(page).toHaveURL(`${baseURL}/faq`);
});
