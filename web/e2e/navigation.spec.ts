/**
 * Routing as a visitor meets it (spec 000 section 2 and "Global elements"): unknown paths, the
 * login-required routes, the /sorry landing page, the footer's legal links and scroll-to-top.
 */
import { expect, test, type Page } from '@playwright/test';
import {
  DEMO_PATIENT,
  LEGAL_LINKS,
  SESSION_KEY,
  apiSession,
  intakeQuiz,
  loginPage,
  readStorage,
  scrollY,
  seedStorage,
  waitForApp,
} from './support';

/** The portal home: its tab bar (Orders, Profile, Billing, ...). */
const portalTabs = (page: Page) => page.getByRole('tablist', { name: 'Portal sections' });

test('an unknown path ends at the start page', async ({ page, baseURL }) => {
  await page.goto('/no/such/page');
  await waitForApp(page);

  await expect(page).toHaveURL(`${baseURL}/`);
  await expect(intakeQuiz(page)).toBeVisible();
});

test.describe('login-required routes without a session', () => {
  const cases = [
    { visit: '/home?tab=billing', login: '/login?page_ref=%2Fhome%3Ftab%3Dbilling' },
    {
      visit: '/medical-form/42?type=medical',
      login: '/login?page_ref=%2Fmedical-form%2F42%3Ftype%3Dmedical',
    },
    { visit: '/adjust-doses/7', login: '/login?page_ref=%2Fadjust-doses%2F7' },
  ];

  for (const { visit, login } of cases) {
    test(`${visit} goes to ${login}`, async ({ page, baseURL }) => {
      await page.goto(visit);
      await waitForApp(page);

      await expect(page).toHaveURL(`${baseURL}${login}`);
      await expect(loginPage(page)).toBeVisible();
      await expect(page.getByRole('button', { name: 'Log Out' })).toHaveCount(0);
    });
  }
});

test.describe('with a stored session', () => {
  // The session of the demo patient single-node seeds, as the login page stores it: the portal's
  // Billing tab calls the API, which refuses a made-up token (and the app then forgets it).
  let session: { token: string; user: Record<string, unknown> };

  test.beforeEach(async ({ page, request }) => {
    session = await apiSession(request, DEMO_PATIENT.email, DEMO_PATIENT.password);
    await seedStorage(page, SESSION_KEY, JSON.stringify(session));
  });

  test('the portal opens; Log Out calls /api/logout, forgets the session, shows the login page', async ({
    page,
    baseURL,
  }) => {
    await page.goto('/home?tab=billing');
    await waitForApp(page);
    await expect(page).toHaveURL(`${baseURL}/home?tab=billing`);
    await expect(portalTabs(page)).toBeVisible();

    const logout = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/logout');
    await page.getByRole('button', { name: 'Log Out' }).click();
    const request = await logout;

    // Spec 000 section 7: GET /api/logout with the bearer token; the session goes either way.
    expect(request.method()).toBe('GET');
    expect(request.headers()['authorization']).toBe(`Bearer ${session.token}`);
    await expect(page).toHaveURL((url) => url.pathname === '/login');
    await expect(loginPage(page)).toBeVisible();
    expect(await readStorage(page, SESSION_KEY)).toBeNull();
    await expect(page.getByRole('button', { name: 'Log Out' })).toHaveCount(0);
  });

  test('Log Out from a public page goes to /login', async ({ page, baseURL }) => {
    await page.goto('/sorry');
    await waitForApp(page);

    await page.getByRole('button', { name: 'Log Out' }).click();

    await expect(page).toHaveURL(`${baseURL}/login`);
    await expect(loginPage(page)).toBeVisible();
    expect(await readStorage(page, SESSION_KEY)).toBeNull();
  });

  // The next person to log in on this device must not be sent to the previous user's page.
  test('Log Out from the portal does not leave a page_ref for the next person', async ({
    page,
    baseURL,
  }) => {
    await page.goto('/home?tab=billing');
    await waitForApp(page);

    await page.getByRole('button', { name: 'Log Out' }).click();

    await expect(loginPage(page)).toBeVisible();
    await expect(page).toHaveURL(`${baseURL}/login`, { timeout: 3_000 });
  });

  test('/login sends a logged-in visitor to /home', async ({ page, baseURL }) => {
    await page.goto('/login');
    await waitForApp(page);

    await expect(page).toHaveURL(`${baseURL}/home`);
    await expect(portalTabs(page)).toBeVisible();
  });
});

test.describe('/sorry', () => {
  test('shows the message query parameter, decoded', async ({ page }) => {
    await page.goto(
      '/sorry?message=We%20cannot%20proceed%20since%20your%20age%20is%20less%20than%2018%20years.',
    );
    await waitForApp(page);

    await expect(page.getByRole('heading', { level: 1, name: "We're Sorry." })).toBeVisible();
    await expect(page.getByTestId('sorry-message')).toHaveText(
      'We cannot proceed since your age is less than 18 years.',
    );
    await expect(page).toHaveTitle("We're Sorry | GLP Clinic");

    await page.getByRole('link', { name: 'Learn More' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(intakeQuiz(page)).toBeVisible();
  });

  test('maps a known reason to its text when there is no message', async ({ page }) => {
    await page.goto('/sorry?reason=validation_error');
    await waitForApp(page);

    await expect(page.getByTestId('sorry-message')).toHaveText(
      'There was an error validating your request.',
    );
  });
});

test.describe('footer', () => {
  test('shows the six legal links', async ({ page }) => {
    await page.goto('/');
    await waitForApp(page);

    const legal = page.getByRole('contentinfo').getByRole('navigation', { name: 'Legal' });
    for (const { text, path } of LEGAL_LINKS) {
      const link = legal.getByRole('link', { name: text, exact: true });
      await expect(link).toBeVisible();
      await expect(link).toHaveAttribute('href', path);
    }
    await expect(legal.getByRole('link')).toHaveCount(LEGAL_LINKS.length);
  });

  test('a legal link clicked at the bottom of the page opens its page at the top', async ({
    page,
    baseURL,
  }) => {
    // A short window, so both the start page and the legal page are taller than it and the
    // scroll position after the click says something.
    const width = page.viewportSize()!.width;
    await page.setViewportSize({ width, height: 480 });
    await page.goto('/');
    await waitForApp(page);

    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(() => scrollY(page)).toBeGreaterThan(0);

    const { text, path } = LEGAL_LINKS[1];
    await page
      .getByRole('navigation', { name: 'Legal' })
      .getByRole('link', { name: text, exact: true })
      .click();

    await expect(page).toHaveURL(`${baseURL}${path}`);
    await expect(page.getByRole('heading', { level: 1, name: text })).toBeVisible();
    await expect(page).toHaveTitle(`${text} | GLP Clinic`);
    const scrollable = await page.evaluate(
      () => document.documentElement.scrollHeight > window.innerHeight,
    );
    expect(scrollable).toBe(true);
    await expect.poll(() => scrollY(page)).toBe(0);
  });
});
