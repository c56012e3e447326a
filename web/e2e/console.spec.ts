/**
 * The staff console at /console (BRIEF sections 1 and 4) with the demo accounts single-node seeds
 * outside production: each staff role logs in, lands in the console with their name, role and
 * their own sections, never in the patient portal; the demo patient can never open the console,
 * and the server refuses it its call.
 */
import { randomInt } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import {
  DEMO_PATIENT,
  SESSION_KEY,
  apiSession,
  logIn,
  loginPage,
  readStorage,
  waitForApp,
} from './support';

interface StaffCase {
  role: string;
  email: string;
  password: string;
  name: string;
  roleLabel: string;
  sections: string[];
  firstPath: string;
  /** What the first section's empty state says will arrive there. */
  firstEmpty: string;
}

/** The demo staff accounts (README, "Demo accounts") and what each one's console holds. */
const staff: StaffCase[] = [
  {
    role: 'clinician',
    email: 'clinician@demo.glp-clinic.local',
    password: 'demo-clinician-2026',
    name: 'Casey Clinician',
    roleLabel: 'Clinician',
    sections: ['Review queue', 'Decisions', 'Prescriptions', 'Patient messages'],
    firstPath: '/console/review-queue',
    firstEmpty: 'Cases waiting for review will appear here.',
  },
  {
    role: 'support',
    email: 'support@demo.glp-clinic.local',
    password: 'demo-support-2026',
    name: 'Sam Support',
    roleLabel: 'Support',
    sections: ['Chat inbox'],
    firstPath: '/console/chat-inbox',
    firstEmpty: 'Patient chats waiting for an answer will appear here.',
  },
  {
    role: 'pharmacy',
    email: 'pharmacy@demo.glp-clinic.local',
    password: 'demo-pharmacy-2026',
    name: 'Parker Pharmacy',
    roleLabel: 'Pharmacy',
    sections: ['Orders to place', 'Shipments', 'Reships'],
    firstPath: '/console/orders-to-place',
    firstEmpty: 'Approved orders waiting to be placed will appear here.',
  },
  {
    role: 'marketing',
    email: 'marketing@demo.glp-clinic.local',
    password: 'demo-marketing-2026',
    name: 'Morgan Marketing',
    roleLabel: 'Marketing',
    sections: ['Conversion funnel', 'Live conversions', 'Affiliate conversions'],
    firstPath: '/console/conversion-funnel',
    firstEmpty:
      'No visits, leads or payments were counted between these dates. Try a longer range.',
  },
  {
    role: 'admin',
    email: 'admin@demo.glp-clinic.local',
    password: 'demo-admin-2026',
    name: 'Alex Admin',
    roleLabel: 'Admin',
    sections: [
      'Review queue',
      'Decisions',
      'Prescriptions',
      'Patient messages',
      'Chat inbox',
      'Orders to place',
      'Shipments',
      'Reships',
      'Conversion funnel',
      'Live conversions',
      'Affiliate conversions',
      'Products',
      'Prices',
      'Offers',
      'Coupons',
      'State rules',
      'Staff accounts',
      'Privacy requests',
      'Audit trail',
    ],
    firstPath: '/console/review-queue',
    firstEmpty: 'Cases waiting for review will appear here.',
  },
];

/**
 * Every journey logs in from this machine, and login allows 20 attempts per client address in
 * 15 minutes: each test here is a client of its own (the gateway trusts X-Forwarded-For from
 * loopback), so these six accounts' logins do not use up the other journeys' allowance.
 */
const clientAddress = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

test.beforeEach(async ({ context }) => {
  await context.setExtraHTTPHeaders({ 'X-Forwarded-For': clientAddress() });
});

const consoleNav = (page: Page) => page.getByRole('navigation', { name: 'Console sections' });
const menuButton = (page: Page) => page.locator('.console-menu');

/** On a phone the navigation is a menu under the top bar: opens it (a no-op on a desktop). */
async function showNav(page: Page): Promise<void> {
  if (await menuButton(page).isVisible()) {
    await expect(consoleNav(page)).toBeHidden();
    await menuButton(page).click();
  }
  await expect(consoleNav(page)).toBeVisible();
}

for (const person of staff) {
  test(`${person.role} staff log in to their console, never the portal`, async ({
    page,
    baseURL,
  }, testInfo) => {
    await page.goto('/login');
    await waitForApp(page);
    await logIn(page, person.email, person.password);

    // /console opens the role's first section.
    await expect(page).toHaveURL(`${baseURL}${person.firstPath}`);
    const who = page.getByTestId('console-staff');
    await expect(who).toContainText(person.name);
    await expect(who).toContainText(person.roleLabel);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(person.sections[0]!);
    // Empty, or the work other journeys of this run left there (cases, shipments to place, chats).
    await expect(
      page
        .getByText(person.firstEmpty)
        .or(page.locator('table.cq, table.ph-table, table.sp-table, table.mk-table').first()),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Log Out' })).toBeVisible();
    // The console has its own frame: no patient header or footer.
    await expect(page.locator('footer')).toHaveCount(0);
    await page.screenshot({
      path: `test-results/screenshots/${testInfo.project.name}-console-${person.role}.png`,
    });

    await showNav(page);
    await expect(consoleNav(page).getByRole('link')).toHaveText(person.sections);
    if (person.role === 'admin') {
      await page.screenshot({
        path: `test-results/screenshots/${testInfo.project.name}-console-admin-nav.png`,
        fullPage: true,
      });
    }

    // Another of the role's sections, from the navigation.
    const last = person.sections.at(-1)!;
    await consoleNav(page).getByRole('link', { name: last }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(last);
    await expect(page).toHaveURL((url) => url.pathname.startsWith('/console/'));

    // The patient portal sends staff back to the console.
    await page.goto('/home');
    await expect(page).toHaveURL(`${baseURL}${person.firstPath}`);
    await page.goto('/login');
    await expect(page).toHaveURL(`${baseURL}${person.firstPath}`);

    await page.getByRole('button', { name: 'Log Out' }).click();
    await expect(loginPage(page)).toBeVisible();
    expect(await readStorage(page, SESSION_KEY)).toBeNull();
    await page.goto('/console');
    await expect(page).toHaveURL(`${baseURL}/login?page_ref=%2Fconsole`);
  });
}

test('a login asked for by a console page returns to it', async ({ page, baseURL }) => {
  await page.goto('/console/coupons');
  await waitForApp(page);
  await expect(page).toHaveURL(`${baseURL}/login?page_ref=%2Fconsole%2Fcoupons`);
  await logIn(page, 'admin@demo.glp-clinic.local', 'demo-admin-2026');
  await expect(page).toHaveURL(`${baseURL}/console/coupons`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Coupons');
});

test('the demo patient lands in the portal and can never open the console', async ({
  page,
  baseURL,
}) => {
  const request = page.request;
  const consoleChunks: string[] = [];
  page.on('request', (r) => {
    if (/\/assets\/ConsoleApp-/.test(r.url())) consoleChunks.push(r.url());
  });

  await page.goto('/login?page_ref=%2Fconsole%2Freview-queue');
  await waitForApp(page);
  await logIn(page, DEMO_PATIENT.email, DEMO_PATIENT.password);
  await expect(page).toHaveURL(`${baseURL}/home`);
  await expect(page.getByRole('heading', { name: 'Welcome, Pat!' })).toBeVisible();

  await page.goto('/console');
  await expect(page).toHaveURL(`${baseURL}/home`);
  await page.goto('/console/staff-accounts');
  await expect(page).toHaveURL(`${baseURL}/home`);
  // Patients never download the console's code.
  expect(consoleChunks).toEqual([]);

  // The server refuses the console's call whatever the browser does.
  const { token } = await apiSession(request, DEMO_PATIENT.email, DEMO_PATIENT.password);
  const asPatient = await request.get('/api/console/me', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(asPatient.status()).toBe(403);
  expect((await request.get('/api/console/me')).status()).toBe(401);
});
