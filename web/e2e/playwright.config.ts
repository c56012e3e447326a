/**
 * End-to-end tests: the built web app served by the gateway in single-node mode (embedded
 * engines, in-memory data), driven by Chromium at a phone and a desktop width.
 *
 *   npm run test:e2e                                   (builds web/dist, then runs everything)
 *   npx playwright test -c web/e2e/playwright.config.ts  (web/dist must already be built)
 *
 * Results: the list reporter on the console and `<repo>/test-results/e2e-results.json` (the CI
 * script reads its `stats` for the passed and failed counts). Playwright resolves a reporter's
 * relative `outputFile` against this config's folder, so the paths below are made absolute.
 */
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';

// web/package.json makes this folder an ES module: no __dirname.
const e2eDir = dirname(fileURLToPath(import.meta.url));
const repoRoot = resolve(e2eDir, '..', '..');
// E2E_PORT lets two checkouts of the project run their journeys on one machine at once.
const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://localhost:${port}`;

export default defineConfig({
  testDir: e2eDir,
  testMatch: '**/*.spec.ts',
  globalSetup: resolve(e2eDir, 'global-setup.ts'),
  // Two cores: one browser at a time keeps timings (the 3 s loading screen) predictable.
  workers: 1,
  fullyParallel: false,
  retries: 0,
  forbidOnly: !!process.env.CI,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [
    ['list'],
    ['json', { outputFile: resolve(repoRoot, 'test-results', 'e2e-results.json') }],
  ],
  // Traces and screenshots of failures; Playwright empties this folder at the start of a run.
  outputDir: resolve(repoRoot, 'test-results', 'e2e-artifacts'),
  use: {
    baseURL,
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
  },
  projects: [
    {
      name: 'phone',
      use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
      // The HTTP-level checks do not depend on the screen: they run once, in `desktop`.
      testIgnore: '**/http.spec.ts',
    },
    {
      name: 'desktop',
      use: { viewport: { width: 1280, height: 800 } },
      // Phone width only: its wrong passwords count against the one address every journey shares.
      testIgnore: '**/sessions.spec.ts',
    },
  ],
  webServer: {
    command: 'node --import tsx services/gateway/src/main.ts',
    cwd: repoRoot,
    url: `${baseURL}/healthz`,
    timeout: 120_000,
    reuseExistingServer: !process.env.CI,
    stdout: 'ignore',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    env: {
      PORT: String(port),
      DATA_DIR: ':memory:',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      PUBLIC_URL: baseURL,
      // Always the embedded engines, even in a shell that exports the cluster settings for the
      // infra tests (an empty value counts as unset).
      DATABASE_URL: '',
      KAFKA_BROKERS: '',
      REDIS_URL: '',
      SMTP_URL: '',
      // Every journey's quiz comes from this one machine: more than the 30 an hour a person's
      // address is allowed.
      QUIZ_SUBMISSIONS_PER_ADDRESS_HOUR: '1000',
    },
  },
});
