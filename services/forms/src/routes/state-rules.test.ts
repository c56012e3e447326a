/**
 * Forms follows intake's per-state rules from their event, with no restart: a state an admin
 * takes off the identity video list no longer asks new bare-medication assessments for one; and
 * forms counts the open orders in some states for the preview of a change (cluster only).
 */
import request from 'supertest';
import {
  stateRulesChanged,
  stateRulesInternalPaths,
  stateRulesSeed,
  type StateRules,
} from '@clinic/contracts';
import { INTERNAL_CALL_HEADER } from '@clinic/kit';
import { eventually, serviceBootTimeoutMs } from '@clinic/kit/testing';
import { startForms, submittedAssessment, type FormsHarness } from '../testing';

describe("forms follows intake's per-state rules", () => {
  let h: FormsHarness;
  beforeAll(async () => {
    h = await startForms();
  }, serviceBootTimeoutMs);
  afterAll(() => h.close());

  const rulesChanged = (version: number, rules: StateRules) =>
    h.service.runtime.transaction((_tx, events) =>
      events.publish(stateRulesChanged, { version, rules, changedAt: h.clock.now().toISOString() }),
    );
  const videoAsked = async (orderId: number) =>
    (await h.outboxEvents('form-submitted'))
      .map((e) => e.data as { orderId: number; videoRequired: boolean })
      .find((d) => d.orderId === orderId)?.videoRequired;

  it('asks the identity video by the rules in force: Texas until an admin takes it off the list', async () => {
    const before = await submittedAssessment(h, 'TX');
    expect(await videoAsked(before.orderId)).toBe(true);

    await rulesChanged(1, {
      ...stateRulesSeed,
      identityVideoStates: stateRulesSeed.identityVideoStates.filter((s) => s !== 'TX'),
    });
    await eventually(async () => {
      const after = await submittedAssessment(h, 'TX');
      expect(await videoAsked(after.orderId)).toBe(false);
      const asked = await h.get(`/forms/orders/${after.orderId}/identity-video`, after.patient);
      expect(asked.body).toEqual({ asked_by: null });
    });
  });

  it('counts the open orders in some states, to the cluster only', async () => {
    const count = (body: unknown, token = h.service.engines.principals.internalToken()) =>
      request(h.service.app)
        .post(stateRulesInternalPaths.openOrders)
        .set(INTERNAL_CALL_HEADER, token)
        .send(body as object);
    const texas = (await count({ states: ['TX'] })).body as { count: number };
    expect(texas.count).toBeGreaterThanOrEqual(2);
    await submittedAssessment(h, 'CA');
    expect((await count({ states: ['CA', 'TX'] })).body).toEqual({ count: texas.count + 1 });
    expect((await count({ states: ['WY'] })).body).toEqual({ count: 0 });
    expect((await count({ states: 'TX' })).status).toBe(400);
    expect((await count({ states: ['TX'] }, 'not-the-token')).status).toBe(403);
  });
});
