/**
 * One order, one number (issue 26): a patient pays, and the number their Orders tab shows is the
 * one in the order confirmation email and the one a support agent, on a phone too, finds when
 * they type it the way a patient might read it out ("GLP-42", "order 42"), with the patient's
 * name and a link to their account; a number no order has says so plainly.
 *
 * Runs at phone and desktop widths (the agent's browser takes the project's width); screenshots
 * land in test-results/screenshots/<project>-order-number-*.png.
 */
import { expect, test } from '@playwright/test';
import { staffPage, supportAgent as support } from './clinic-steps';
import { california } from './medical-form-steps';
import { apiPatient, keepSession } from './patients';
import { shot } from './quiz';
import { mailTo, waitForApp } from './support';

test('the portal, the email and the support console read the same order number', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  const project = test.info().project.name;
  const viewport = test.info().project.use.viewport ?? { width: 1280, height: 800 };
  const patient = await apiPatient(request, california, { kind: 'number' });
  const { orderId } = patient;
  // "#" and at least four digits: never "#7", never "GLP-7-1".
  const number = `#${String(orderId).padStart(4, '0')}`;

  // The patient's Orders tab (the gateway's view follows the payment by events).
  await keepSession(page, patient);
  const card = page.locator(`article.order-card[data-item-id="order-${orderId}"]`);
  await expect(async () => {
    await page.goto('/home?tab=orders');
    await waitForApp(page);
    await expect(card).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  const portalNumber = card.locator('.order-card__meta span').first();
  await expect(portalNumber).toHaveText(`Order ${number}`);
  await expect(portalNumber).toBeVisible();
  await shot(page, 'order-number-portal', project);

  // The confirmation email names it the same way.
  await expect(async () => {
    const subjects = (await mailTo(request, patient.email)).map((m) => m.subject);
    expect(subjects).toContain(`Your GLP Clinic order ${number} is confirmed`);
  }).toPass({ timeout: 20_000 });

  // Support finds it however it is typed, and reads the same number back.
  const agent = await staffPage(browser, baseURL!, support, viewport);
  const search = agent.getByRole('search', { name: 'Find an order' });
  await search.getByLabel('Find an order').fill(`GLP-${orderId}`);
  await search.getByRole('button', { name: 'Find', exact: true }).click();
  await expect(agent).toHaveURL(new RegExp(`[?&]number=GLP-${orderId}$`));
  const found = agent.locator('.sp-found .sp-order');
  await expect(found).toHaveCount(1);
  await expect(found.locator('.sp-order__meta')).toHaveText(new RegExp(`^Order ${number} · `));
  await expect(found.locator('.sp-order__status')).toHaveText('Assessment not submitted');
  await expect(found.locator('.sp-order__meta')).toBeVisible();
  // Whose order it is, and the way to them (issue 26): the patient never wrote to support, so
  // the link opens their account, the search kept beside it.
  const foundPatient = agent.locator('.sp-found').getByTestId('found-patient');
  await expect(foundPatient).toHaveText('Jordan Rivera');
  await expect(agent.locator('.sp-found')).toContainText(patient.email);
  await expect(agent.getByRole('status')).toHaveText(`Order ${number} · Assessment not submitted`);
  await shot(agent, 'order-number-support', project);
  await agent.locator('.sp-found').getByRole('link', { name: 'Open their account' }).click();
  await expect(agent).toHaveURL(
    new RegExp(`/console/chat-inbox\\?patient=${patient.user.id}&number=GLP-${orderId}$`),
  );
  const account = agent.locator('.sp-account');
  await expect(account.locator('.sp-account__name')).toHaveText('Jordan Rivera');
  await expect(agent.getByTestId('pane-status')).toHaveText('No chat yet');
  await expect(account.locator('.sp-order__meta')).toHaveText(new RegExp(`^Order ${number} · `));
  await expect(account.locator('.sp-order__meta')).toBeVisible();
  await shot(agent, 'order-number-support-account', project);
  // On a phone the account is the page and "← Inbox" goes back to the order found; on a laptop
  // the order found stays beside it.
  if (project === 'phone') {
    await agent.getByRole('link', { name: '← Inbox' }).click();
    await expect(agent).toHaveURL(new RegExp(`/console/chat-inbox\\?number=GLP-${orderId}$`));
  }
  await expect(found).toHaveCount(1);
  await expect(found).toBeVisible();

  // Text that is no number is refused on the spot; a number no order has says so.
  await search.getByLabel('Find an order').fill('Jordan Rivera');
  await search.getByRole('button', { name: 'Find', exact: true }).click();
  await expect(search.getByText('Enter an order number, like #1042.')).toBeVisible();
  await search.getByLabel('Find an order').fill('#99999999');
  await search.getByRole('button', { name: 'Find', exact: true }).click();
  await expect(agent.getByRole('heading', { name: 'No order #99999999' })).toBeVisible();
  await search.getByRole('button', { name: 'Show all' }).click();
  await expect(agent.getByRole('tablist', { name: 'Chat inbox' })).toBeVisible();
  await agent.context().close();
});
