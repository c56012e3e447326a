/**
 * Shared helpers for the end-to-end tests. The storage keys and texts are written out here rather
 * than imported from web/src: they are what a returning browser and the spec rely on, so a change
 * in the app has to show up as a failing test.
 */
import { expect, type APIRequestContext, type Page, type Request } from '@playwright/test';
import { isDemoStaffEmail, passSecondFactor } from './staff-login';

/** localStorage key of the product cache: `{ products, savedAt }`. */
export const PRODUCTS_KEY = 'clinic.products';
/** localStorage key of the login session: `{ token, user }`. */
export const SESSION_KEY = 'clinic.session';

export const PRODUCTS_PATH = '/api/get-all-products';
export const HOUR_MS = 60 * 60 * 1000;
export const DAY_MS = 24 * HOUR_MS;

/** A day as the pages write it: "Nov 27, 2026". */
export const usDay = /^[A-Z][a-z]{2} \d{1,2}, \d{4}$/;

/** The demo patient single-node seeds (README, "Demo accounts"). */
export const DEMO_PATIENT = {
  email: 'patient@demo.glp-clinic.local',
  password: 'demo-patient-2026',
};

/** The catalog the embedded database is seeded with (spec 000 section 9, spec 001). */
export const SEEDED_SKUS = [
  'tirz_plan_1',
  'tirz_plan_2',
  'tirz_plan_3',
  'sema_plan_278928',
  'sema_plan_134562',
  'sema_plan_367367',
];
export const NAUSEA_NAME = 'GLP Anti-Nausea';
export const NAUSEA_PRICE = 19.97;

/** The footer's legal links (spec 000, "Global elements"), with the page each one opens. */
export const LEGAL_LINKS = [
  { text: 'HIPAA Notice', path: '/legal/hipaa-notice' },
  { text: 'Privacy Policy', path: '/legal/privacy-policy' },
  { text: 'Returns & Refund Policy', path: '/legal/returns-refund-policy' },
  { text: 'Terms Of Use', path: '/legal/terms-of-use' },
  { text: 'CCPA Opt-Out', path: '/legal/ccpa-opt-out' },
  { text: 'TeleHealth Consent', path: '/legal/telehealth-consent' },
] as const;

export interface StoredProduct {
  id: number;
  name: string;
  sku: string;
  pricing: { retail_price: number; first_month_price?: number };
  [field: string]: unknown;
}

export interface CachedProducts {
  products: StoredProduct[];
  savedAt: number;
}

export function isProductsCall(request: Request): boolean {
  return new URL(request.url()).pathname === PRODUCTS_PATH;
}

/** Counts the browser's calls to GET /api/get-all-products on this page (reloads included). */
export function countProductCalls(page: Page): { readonly count: number } {
  const counter = { count: 0 };
  page.on('request', (request) => {
    if (isProductsCall(request)) counter.count += 1;
  });
  return counter;
}

export function loadingScreen(page: Page) {
  return page.getByRole('progressbar', { name: /^Loading / });
}

/** Waits until the start-up screen is gone and the page frame (header and footer) is shown. */
export async function waitForApp(page: Page): Promise<void> {
  await expect(loadingScreen(page)).toHaveCount(0);
  await expect(page.locator('footer')).toBeVisible();
}

/** The intake quiz at / (its first step or wherever the visitor left it). */
export function intakeQuiz(page: Page) {
  return page.locator('main[data-page="intake"]');
}

/** The login page. */
export function loginPage(page: Page) {
  return page.getByRole('heading', { level: 1, name: 'Log In' });
}

export async function readStorage(page: Page, key: string): Promise<string | null> {
  return page.evaluate((k) => window.localStorage.getItem(k), key);
}

export async function readProductCache(page: Page): Promise<CachedProducts | null> {
  const raw = await readStorage(page, PRODUCTS_KEY);
  return raw === null ? null : (JSON.parse(raw) as CachedProducts);
}

/**
 * Puts `value` under `key` in localStorage before the app's scripts run, on the first document of
 * the page only (a later reload sees whatever the app left there).
 */
export async function seedStorage(page: Page, key: string, value: string): Promise<void> {
  await page.addInitScript(
    ({ k, v }) => {
      const marker = `e2e.seeded.${k}`;
      if (window.sessionStorage.getItem(marker)) return;
      window.sessionStorage.setItem(marker, '1');
      window.localStorage.setItem(k, v);
    },
    { k: key, v: value },
  );
}

export const scrollY = (page: Page) => page.evaluate(() => window.scrollY);

/**
 * Fills the login form on the page and submits it; a demo staff member then enters the code from
 * their app (staff-login.ts).
 */
export async function logIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
  if (isDemoStaffEmail(email)) await passSecondFactor(page, email);
}

/** The session POST /api/login answers (what the login page stores under SESSION_KEY). */
export async function apiSession(
  request: APIRequestContext,
  email: string,
  password: string,
): Promise<{ token: string; user: Record<string, unknown> }> {
  const res = await request.post('/api/login', { data: { email, password } });
  expect(res.ok()).toBe(true);
  const { token, user } = (await res.json()) as {
    token: string;
    user: Record<string, unknown>;
  };
  expect(token).toEqual(expect.any(String));
  return { token, user };
}

export interface MailboxMessage {
  subject: string;
  body: string;
}

/** The dev mailbox's messages to `to`, newest first. */
export async function mailTo(request: APIRequestContext, to: string): Promise<MailboxMessage[]> {
  const res = await request.get(`/dev/mailbox/api/messages?to=${encodeURIComponent(to)}`);
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { messages: MailboxMessage[] }).messages;
}

/**
 * The path of the newest password link emailed to `to`, once more than `after` mails arrived
 * (other mails, such as the purchase's, may have come after it).
 */
export async function passwordLink(
  request: APIRequestContext,
  to: string,
  after = 0,
): Promise<string> {
  let path = '';
  await expect(async () => {
    const messages = await mailTo(request, to);
    expect(messages.length).toBeGreaterThan(after);
    const links = messages.map((m) => /\/password-reset\/[A-Za-z0-9_-]+/.exec(m.body)?.[0]);
    path = links.find((link) => link !== undefined) ?? '';
    expect(path).not.toBe('');
  }).toPass({ timeout: 15_000 });
  return path;
}

/** Moves the product's clock forward by `ms` (the gateway's /dev/clock, NODE_ENV=test only). */
export async function advanceClock(request: APIRequestContext, ms: number): Promise<Date> {
  const res = await request.post('/dev/clock/advance', { data: { ms } });
  expect(res.ok()).toBe(true);
  return new Date(((await res.json()) as { now: string }).now);
}

/** The product's time (GET /dev/clock). */
export async function productNow(request: APIRequestContext): Promise<Date> {
  const res = await request.get('/dev/clock');
  expect(res.ok()).toBe(true);
  return new Date(((await res.json()) as { now: string }).now);
}

/** Records every layout shift the page makes, as Lighthouse counts them (not those after an input). */
export async function recordLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: { value: number; sources: string[] }[] = [];
    (window as unknown as { __shifts: typeof shifts }).__shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources: { node?: Node | null }[];
      })[]) {
        if (entry.hadRecentInput) continue;
        shifts.push({
          value: entry.value,
          sources: entry.sources.map((s) =>
            s.node instanceof Element ? `${s.node.tagName}.${s.node.className}` : 'node',
          ),
        });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The shifts `recordLayoutShifts` saw, and their sum (the page's CLS so far). */
export async function layoutShifts(page: Page) {
  const shifts = await page.evaluate(
    () => (window as unknown as { __shifts: { value: number; sources: string[] }[] }).__shifts,
  );
  return { shifts, cls: shifts.reduce((sum, shift) => sum + shift.value, 0) };
}
