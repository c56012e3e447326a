/**
 * Issue 30 items 3 and 7 in the browser: the demo admin opens State rules (at the project's
 * width: 390 px on the phone), adds Wyoming to the states where the program is not available,
 * sees how many open carts and orders the change touches, and saves it; in the same run and
 * without a restart, a visitor who picks Wyoming in the quiz lands on /sorry. The rules in force
 * before are put back at the end, whatever happened: every spec shares this server, and none
 * other uses Wyoming.
 */
import { expect, test, type Page } from '@playwright/test';
import type { StateRules } from '@clinic/contracts';
import { staffPage, type StaffAccount } from './clinic-steps';
import { answerQuiz, shot } from './quiz';
import { SESSION_KEY, readStorage, waitForApp } from './support';

const admin: StaffAccount = {
  email: 'admin@demo.glp-clinic.local',
  password: 'demo-admin-2026',
  landing: '/console/review-queue',
};

interface RulesAnswer {
  version: number;
  rules: StateRules;
}

/** The admin's own calls, with the session their login stored. */
async function asAdmin(page: Page) {
  const session = JSON.parse((await readStorage(page, SESSION_KEY)) ?? '{}') as { token?: string };
  const headers = { authorization: `Bearer ${session.token ?? ''}` };
  return {
    read: async (): Promise<RulesAnswer> =>
      (await (
        await page.request.get('/api/console/state-rules', { headers })
      ).json()) as RulesAnswer,
    save: (fromVersion: number, rules: StateRules) =>
      page.request.put('/api/console/state-rules', { headers, data: { fromVersion, rules } }),
  };
}

test('an admin blocks a state after a preview; a visitor from it is sent to /sorry at once', async ({
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(90_000);
  const project = testInfo.project.name;
  const viewport = testInfo.project.use.viewport ?? { width: 390, height: 844 };
  const page = await staffPage(browser, baseURL!, admin, viewport);
  const api = await asAdmin(page);
  const before = await api.read();
  expect(before.rules.blockedStates).not.toContain('WY');

  try {
    await page.goto('/console/state-rules');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('State rules');
    const blocked = page.getByLabel('Program not available');
    await expect(blocked).toHaveValue(before.rules.blockedStates.join(', '));
    await blocked.fill(`${before.rules.blockedStates.join(', ')}, WY`);
    await page.getByRole('button', { name: 'Preview the change' }).click();
    const preview = page.getByTestId('state-rules-preview');
    await expect(preview).toHaveText(
      /^This change affects WY: \d+ open carts? and \d+ open orders? there\.$/,
    );
    await shot(page, 'console-state-rules-preview', project);
    await page.getByRole('button', { name: 'Save the change' }).click();
    await expect(page.getByText(`In force: version ${before.version + 1}`)).toBeVisible();
    await expect(page.getByText(`Saved as version ${before.version + 1}.`)).toBeVisible();
    await expect(page.locator('.sr-history__list li').first()).toContainText(
      `Version ${before.version + 1} by`,
    );

    // A visitor in another browser, in the same run: Wyoming is now turned away.
    const visitorContext = await browser.newContext({ baseURL, viewport });
    const visitor = await visitorContext.newPage();
    await visitor.goto('/');
    await waitForApp(visitor);
    await answerQuiz(visitor, { state: 'WY' });
    await visitor.getByRole('button', { name: 'Start my FREE visit ->' }).click();
    await expect(visitor).toHaveURL(/\/sorry\?message=/);
    await expect(visitor.getByTestId('sorry-message')).toHaveText(
      'Our GLP Medical Weight Loss program is not yet available in Wyoming, but we are launching there next month.',
    );
    await shot(visitor, 'state-rules-sorry', project);
    await visitorContext.close();
  } finally {
    const now = await api.read();
    const restored = await api.save(now.version, before.rules);
    expect(restored.status()).toBe(200);
    await page.context().close();
  }
});
