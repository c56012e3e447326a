/**
 * The live chat (spec 000 "Chat"; issue 18). A visitor on /support opens the bubble, registers a
 * chat profile and writes; after a reload the chat is still theirs. An email that has an account
 * is sent to log in. A patient writes from the portal home, and a support agent in a second
 * browser answers from the console's inbox: the patient sees the answer without a reload.
 * Screenshots: test-results/screenshots/<project>-chat*.png.
 */
import { expect, test, type Page } from '@playwright/test';
import { california } from './medical-form-steps';
import { apiPatient, keepSession, uniqueEmail } from './patients';
import { shot } from './quiz';
import { DEMO_PATIENT, logIn, waitForApp } from './support';

const panel = (page: Page) => page.getByRole('dialog', { name: 'Chat with support' });

async function openChat(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Chat with support' }).click();
  await expect(panel(page)).toBeVisible();
}

async function write(page: Page, text: string): Promise<void> {
  // Connected: 'Online' in the staffed hours, 'Away' outside them (either way it sends).
  await expect(
    panel(page)
      .getByRole('status')
      .filter({ hasText: /^(Online|Away)$/ }),
  ).toBeVisible();
  await panel(page).getByLabel('Your message').fill(text);
  await panel(page).getByRole('button', { name: 'Send' }).click();
  await expect(panel(page).locator('.chat-message--user', { hasText: text })).toBeVisible();
  await expect(panel(page).getByLabel('Your message')).toHaveValue('');
}

async function fitsTheScreen(page: Page): Promise<void> {
  const [scrollWidth, clientWidth] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    document.documentElement.clientWidth,
  ]);
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
}

test('a visitor registers a chat profile on the help page, writes, and keeps the chat after a reload', async ({
  page,
}, testInfo) => {
  await page.goto('/support');
  await waitForApp(page);
  await openChat(page);
  await expect(panel(page)).toContainText(/reply within 5 minutes|We're away right now/);
  await panel(page).getByRole('button', { name: 'Start chat' }).click();
  await expect(panel(page).getByRole('alert')).toHaveText('Please enter your first and last name.');

  await panel(page).getByLabel('First name').fill('Vera');
  await panel(page).getByLabel('Last name').fill('Visitor');
  await panel(page).getByLabel('Email').fill(uniqueEmail('chat-visitor'));
  await panel(page).getByRole('button', { name: 'Start chat' }).click();
  await expect(
    panel(page).getByText('Send us a message and we’ll reply right here.'),
  ).toBeVisible();
  await shot(page, 'chat-visitor-open', testInfo.project.name);

  // 256 characters at most: the box stops there, and the counter says so.
  await panel(page).getByLabel('Your message').fill('x'.repeat(300));
  await expect(panel(page).getByLabel('Your message')).toHaveValue('x'.repeat(256));
  await expect(panel(page)).toContainText('256/256');
  await panel(page).getByLabel('Your message').fill('   ');
  await expect(panel(page).getByRole('button', { name: 'Send' })).toBeDisabled();

  await write(page, 'Do you ship to Texas?');
  await expect(panel(page).locator('.chat-message__time').first()).toHaveText(/^\d{2}:\d{2}$/);
  await fitsTheScreen(page);
  await shot(page, 'chat-visitor-message', testInfo.project.name);

  await page.reload();
  await waitForApp(page);
  await openChat(page);
  await expect(
    panel(page).locator('.chat-message--user', { hasText: 'Do you ship to Texas?' }),
  ).toBeVisible();
});

test('an email that has an account is sent to log in', async ({ page }) => {
  await page.goto('/support');
  await waitForApp(page);
  await openChat(page);
  await panel(page).getByLabel('First name').fill('Pat');
  await panel(page).getByLabel('Last name').fill('Demo');
  await panel(page).getByLabel('Email').fill(DEMO_PATIENT.email);
  await panel(page).getByRole('button', { name: 'Start chat' }).click();
  await expect(page).toHaveURL(/\/login\?page_ref=Checkouts$/);
});

test('a patient writes from the portal and a support agent answers live from the console', async ({
  page,
  browser,
  request,
}, testInfo) => {
  const patient = await apiPatient(request, california, { kind: 'chat' });
  await keepSession(page, patient);
  await page.goto('/home');
  await waitForApp(page);
  await openChat(page);
  const question = `Where is my order? (${patient.line})`;
  await write(page, question);

  // The agent, in a browser of their own.
  const agentContext = await browser.newContext({
    viewport: testInfo.project.name === 'phone' ? { width: 390, height: 844 } : undefined,
  });
  const agent = await agentContext.newPage();
  await agent.goto('/login');
  await waitForApp(agent);
  await logIn(agent, 'support@demo.glp-clinic.local', 'demo-support-2026');
  await agent.waitForURL(/\/console/);
  await agent.goto('/console/chat-inbox');
  // Waiting, oldest first: this patient's row carries the question.
  const row = agent.locator('tr.sp-row', { hasText: question });
  await row.click();
  await expect(agent.locator('.sp-messages').getByText(question)).toBeVisible();
  const answer = 'Your order ships tomorrow with UPS.';
  await agent.getByLabel('Reply', { exact: true }).fill(answer);
  await agent.getByRole('button', { name: 'Send', exact: true }).click();
  await shot(agent, 'chat-agent-answered', testInfo.project.name);

  // The patient sees it without a reload.
  await expect(panel(page).locator('.chat-message--assistant', { hasText: answer })).toBeVisible();
  await expect(panel(page).locator('.chat-message__author').first()).toHaveText(/\S/);
  await shot(page, 'chat-patient-answered', testInfo.project.name);
  await agentContext.close();
});
