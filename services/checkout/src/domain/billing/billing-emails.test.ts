import { eventually, serviceBootTimeoutMs } from '@clinic/kit/testing';
import { planNameOf } from '../payments/place-order';
import {
  emailOf,
  identityStub,
  startCheckout,
  type CheckoutHarness,
} from '../../testing/checkout-harness';
import { planPhrase, sendPastDueEmail } from './billing-emails';

describe('planPhrase', () => {
  it('keeps a plan name that already says "Plan" (every name checkout gives a plan)', () => {
    expect(planPhrase('Monthly Plan')).toBe('Monthly Plan');
    for (const term of [1, 3, 6, 12] as const)
      expect(planPhrase(planNameOf('Tirzepatide', term))).toBe(planNameOf('Tirzepatide', term));
    expect(planPhrase('Semaglutide yearly plan')).toBe('Semaglutide yearly plan');
    expect(planPhrase('Semaglutide Quarterly PLAN ')).toBe('Semaglutide Quarterly PLAN');
  });

  it('adds " plan" to a name without it', () => {
    expect(planPhrase('6-Month')).toBe('6-Month plan');
    expect(planPhrase('Tirzepatide')).toBe('Tirzepatide plan');
  });
});

describe('the Past Due email', () => {
  let t: CheckoutHarness;

  beforeAll(async () => {
    t = await startCheckout({ identity: identityStub });
  }, serviceBootTimeoutMs);
  afterAll(async () => t.close());

  async function pastDueBody(userId: number, subscriptionId: number, planName: string) {
    await sendPastDueEmail(t.service.runtime, identityStub, {
      subscriptionId,
      userId,
      planName,
      amountCents: 22499,
      periodStart: new Date('2026-12-22T12:00:00Z'),
    });
    let body = '';
    await eventually(async () => {
      const [email] = await t.service.engines.mailbox.list({ to: emailOf(userId) });
      expect(email?.subject).toBe('Your payment did not go through');
      body = email?.body ?? '';
    });
    return body;
  }

  it('names a plan called "... Plan" once, not "Plan plan"', async () => {
    const body = await pastDueBody(1901, 1901, planNameOf('Semaglutide', 1));
    expect(body).toContain(
      'We could not charge $224.99 for your Semaglutide Monthly Plan, after trying three times.',
    );
    expect(body).toContain('your Semaglutide Monthly Plan,');
    expect(body).not.toMatch(/plan plan/i);
  });

  it('says "plan" after a name without it', async () => {
    const body = await pastDueBody(1902, 1902, '6-Month');
    expect(body).toContain('for your 6-Month plan, after trying three times.');
  });
});
