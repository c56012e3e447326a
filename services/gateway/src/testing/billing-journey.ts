/**
 * The billing tab over HTTP, after the checkout journey's 3-month Semaglutide purchase and its
 * add-on: the patient sees the subscription and both payments, downloads an invoice as a PDF,
 * replaces the card and cancels; a second cancel is refused. Runs single-node and in the cluster.
 */
import { call } from './patient-journey';

const billingAddress = { addressLine1: '500 Main St', city: 'Dallas', state: 'TX', zip: '75201' };

export async function runBillingJourney(baseUrl: string, session: string): Promise<void> {
  const subs = await call(baseUrl, 'GET', '/api/subscription-items', { token: session });
  expect(subs.status).toBe(200);
  const [subscription] = subs.body.subscriptions as { id: number }[];
  expect(subscription).toMatchObject({
    plan_name: expect.stringContaining('Semaglutide'),
    status: 'active',
    amount: 449.97,
    payment_terms: 3,
    image: '/products/semaglutide.svg',
  });

  const payments = await call(baseUrl, 'GET', '/api/transaction-items', { token: session });
  const transactions = payments.body.transactions as { transaction_id: string; amount: number }[];
  expect(transactions.map((t) => t.amount).sort()).toEqual([19.97, 449.97]);

  const invoice = await fetch(
    `${baseUrl}/api/invoice/${encodeURIComponent(transactions[0]!.transaction_id)}`,
    { headers: { authorization: `Bearer ${session}` } },
  );
  expect(invoice.status).toBe(200);
  expect(invoice.headers.get('content-type')).toBe('application/pdf');
  expect(
    Buffer.from(await invoice.arrayBuffer())
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');

  const token = await call(baseUrl, 'POST', '/sandbox/v1/tokens', {
    json: { card: { number: '5555555555554444', exp_month: 1, exp_year: 2032, cvc: '123' } },
  });
  const updated = await call(baseUrl, 'POST', '/api/update-card', {
    token: session,
    json: { token: token.body.id, details: { last4: '4444' }, billingAddress },
  });
  expect(updated.body).toEqual({
    status: 'success',
    message: 'Billing details updated successfully',
  });

  const cancel = () =>
    call(baseUrl, 'POST', '/api/cancle-subs', {
      token: session,
      json: { reason: ['too expensive'], reccomend: null, subs_id: subscription!.id },
    });
  expect((await cancel()).body).toEqual({
    status: 'success',
    message: 'Your subscription is cancelled.',
  });
  const again = await cancel();
  expect(again.status).toBe(409);
  expect(again.body).toMatchObject({ status: 'error' });
  const after = await call(baseUrl, 'GET', '/api/subscription-items', { token: session });
  expect(after.body.subscriptions).toEqual([expect.objectContaining({ status: 'ended' })]);
}
