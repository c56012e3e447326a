import request from 'supertest';
import {
  stateRulesChanged,
  stateRulesInternalPaths,
  stateRulesSeed,
  type StateRules,
} from '@clinic/contracts';
import { INTERNAL_CALL_HEADER } from '@clinic/kit';
import { eventually, serviceBootTimeoutMs } from '@clinic/kit/testing';
import { shipping, startCheckout, type CheckoutHarness } from '../testing/checkout-harness';

const WYOMING_NOT_SERVED =
  'Our GLP Medical Weight Loss program is not yet available in Wyoming, but we are launching there next month.';
const NO_SHIPPING_TO_VERMONT =
  'Our pharmacy cannot ship to Vermont yet. Please use a shipping address in another state.';

describe("checkout follows intake's per-state rules, with no restart", () => {
  let h: CheckoutHarness;

  beforeAll(async () => {
    h = await startCheckout();
  }, serviceBootTimeoutMs);
  afterAll(() => h.close());

  /** Intake's event, as the bus delivers it. */
  async function rulesChanged(version: number, rules: StateRules) {
    await h.service.runtime.transaction(async (_tx, events) => {
      await events.publish(stateRulesChanged, {
        version,
        rules,
        changedAt: h.clock.now().toISOString(),
      });
    });
  }
  const wyoming = { ...shipping, city: 'Cheyenne', state: 'WY', zip: '82001' };
  const vermont = { ...shipping, city: 'Burlington', state: 'VT', zip: '05401' };
  const saveAddress = (userId: number, address: typeof shipping) =>
    request(h.service.app)
      .post('/api/save-address')
      .set(h.service.as(h.patient(userId)))
      .send(address);

  it('refuses a state an admin blocks and one the pharmacy cannot ship to, before any charge; a later rule set lifts it', async () => {
    const paidBefore = await h.pay(await h.saveCart(), { shippingAddress: wyoming });
    expect(paidBefore.status).toBe(200);

    await rulesChanged(1, {
      ...stateRulesSeed,
      blockedStates: [...stateRulesSeed.blockedStates, 'WY'],
      noShippingStates: ['VT'],
    });
    await eventually(async () => {
      const refused = await h.pay(await h.saveCart(), { shippingAddress: wyoming });
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe(WYOMING_NOT_SERVED);
    });
    const charges = await h.charges();
    expect((await h.pay(await h.saveCart(), { shippingAddress: wyoming })).status).toBe(403);
    const noShipping = await h.pay(await h.saveCart(), { shippingAddress: vermont });
    expect(noShipping.status).toBe(400);
    expect(noShipping.body.message).toBe(NO_SHIPPING_TO_VERMONT);
    expect(await h.charges()).toBe(charges);
    expect((await saveAddress(77, wyoming)).status).toBe(403);
    expect((await saveAddress(77, vermont)).body.message).toBe(NO_SHIPPING_TO_VERMONT);
    expect((await saveAddress(77, shipping)).status).toBe(200);

    // The same version again (a redelivery, or a late copy) never moves the copy back.
    await rulesChanged(1, stateRulesSeed);
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect((await h.pay(await h.saveCart(), { shippingAddress: wyoming })).status).toBe(403);

    await rulesChanged(2, stateRulesSeed);
    await eventually(async () =>
      expect((await h.pay(await h.saveCart(), { shippingAddress: wyoming })).status).toBe(200),
    );
  });

  it('counts the open carts in some states for the preview of a change, to the cluster only', async () => {
    const patient = h.patient(91);
    expect((await saveAddress(91, wyoming)).status).toBe(200);
    await h.saveCart({ as: patient });
    await h.saveCart({ as: patient });
    const paid = await h.saveCart({ as: patient });
    expect((await h.pay(paid, { shippingAddress: wyoming }, { as: patient })).status).toBe(200);

    const count = (body: unknown, token = h.service.engines.principals.internalToken()) =>
      request(h.service.app)
        .post(stateRulesInternalPaths.openCarts)
        .set(INTERNAL_CALL_HEADER, token)
        .send(body as object);
    expect((await count({ states: ['WY'] })).body).toEqual({ count: 2 });
    expect((await count({ states: ['VT', 'OR'] })).body).toEqual({ count: 0 });
    expect((await count({ states: ['XX'] })).status).toBe(400);
    expect((await count({ states: ['WY'] }, 'not-the-token')).status).toBe(403);
  });
});
