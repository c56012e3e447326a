import { stateRulesSeed, type StateRules, type StateRulesChange } from '@clinic/contracts';
import type { Rendered } from '../../test-utils/render';
import { fail, fakeApi, ok, type, type FakeApi } from '../../verify/testing/harness';
import { buttonNamed, meAnswer, openConsole, until } from '../clinic/testing';
import { click, labelled } from '../pharmacy/testing';

let api: FakeApi;
let view: Rendered | undefined;
const root = () => view!.container;
const READ = 'GET /api/console/state-rules';
const PREVIEW = 'POST /api/console/state-rules/preview';
const SAVE = 'PUT /api/console/state-rules';
const withWyoming: StateRules = { ...stateRulesSeed, blockedStates: ['LA', 'MS', 'AL', 'WY'] };

const rulesAnswer = (version: number, rules: StateRules, history: StateRulesChange[] = []) =>
  ok({ status: 'success', version, rules, history });

beforeEach(() => {
  localStorage.clear();
  api = fakeApi();
  api.on('GET /api/console/me', meAnswer('admin'));
  window.scrollTo = jest.fn() as unknown as typeof window.scrollTo;
});
afterEach(async () => {
  await view?.unmount();
  view = undefined;
});

async function open() {
  view = await openConsole('/console/state-rules', 'admin');
  await until(view, () => root().querySelector('form[aria-label="State rules"]') !== null);
}

const blocked = () => labelled<HTMLInputElement>(root(), 'Program not available');

describe('the State rules section', () => {
  it('shows each rule with its states, the version in force and the changes so far', async () => {
    api.on(
      READ,
      rulesAnswer(1, stateRulesSeed, [
        {
          version: 1,
          before: withWyoming,
          after: stateRulesSeed,
          changedAt: '2026-11-27T15:00:00.000Z',
          changedBy: 'Alex Admin',
        },
      ]),
    );
    await open();
    expect(root().querySelector('h1')?.textContent).toBe('State rules');
    expect(blocked().value).toBe('LA, MS, AL');
    expect(labelled<HTMLInputElement>(root(), 'Florida Patient Bill of Rights shown').value).toBe(
      'FL',
    );
    expect(labelled<HTMLInputElement>(root(), 'Pharmacy cannot ship').value).toBe('');
    expect(root().textContent).toContain('In force: version 1');
    expect(root().querySelector('.sr-history__list')?.textContent).toContain(
      'Version 1 by Alex Admin',
    );
    expect(root().querySelector('.sr-history__list')?.textContent).toContain(': WY');
  });

  it('previews the open carts and orders a change touches before it can be saved, then saves it from the version opened', async () => {
    api.on(READ, rulesAnswer(4, stateRulesSeed));
    api.on(PREVIEW, ok({ status: 'success', states: ['WY'], openCarts: 3, openOrders: 1 }));
    api.on(SAVE, rulesAnswer(5, withWyoming));
    await open();

    await type(blocked(), 'la, MS AL,wy');
    await click(buttonNamed(root(), 'Preview the change'));
    expect(api.sent(PREVIEW)).toEqual([{ rules: withWyoming }]);
    expect(api.calls()).not.toContain(SAVE);
    expect(root().querySelector('[data-testid="state-rules-preview"]')?.textContent).toBe(
      'This change affects WY: 3 open carts and 1 open order there.',
    );

    await click(buttonNamed(root(), 'Save the change'));
    expect(api.sent(SAVE)).toEqual([{ fromVersion: 4, rules: withWyoming }]);
    await until(view!, () => root().textContent?.includes('In force: version 5') ?? false);
    expect(blocked().value).toBe('LA, MS, AL, WY');
    expect(document.body.textContent).toContain('Saved as version 5.');
  });

  it('asks for a new preview after any edit', async () => {
    api.on(READ, rulesAnswer(0, stateRulesSeed));
    api.on(PREVIEW, ok({ status: 'success', states: ['WY'], openCarts: 0, openOrders: 0 }));
    await open();
    await type(blocked(), 'LA, MS, AL, WY');
    await click(buttonNamed(root(), 'Preview the change'));
    expect(buttonNamed(root(), 'Save the change')).toBeTruthy();
    await type(blocked(), 'LA, MS, AL, VT');
    expect(root().querySelector('[data-testid="state-rules-preview"]')).toBeNull();
    expect(buttonNamed(root(), 'Preview the change')).toBeTruthy();
  });

  it("shows the server's refusal of an unknown state, and saves nothing", async () => {
    api.on(READ, rulesAnswer(0, stateRulesSeed));
    api.on(
      PREVIEW,
      fail(
        400,
        'rules.blockedStates.3: "ZZ" is not a US state code (two capital letters, e.g. WY).',
      ),
    );
    await open();
    await type(blocked(), 'LA, MS, AL, ZZ');
    await click(buttonNamed(root(), 'Preview the change'));
    expect(root().querySelector('[role="alert"]')?.textContent).toContain(
      '"ZZ" is not a US state code',
    );
    expect(api.calls()).not.toContain(SAVE);
  });

  it('says so when another admin saved first, and reloads their rules', async () => {
    api.on(READ, rulesAnswer(2, stateRulesSeed), rulesAnswer(3, withWyoming));
    api.on(PREVIEW, ok({ status: 'success', states: ['VT'], openCarts: 0, openOrders: 2 }));
    api.on(
      SAVE,
      fail(
        409,
        'These rules were changed by someone else since you opened them. Reload and try again.',
      ),
    );
    await open();
    await type(blocked(), 'LA, MS, AL, VT');
    await click(buttonNamed(root(), 'Preview the change'));
    await click(buttonNamed(root(), 'Save the change'));
    expect(root().textContent).toContain('These rules were changed by someone else');
    await click(buttonNamed(root(), 'Reload the rules'));
    await until(view!, () => root().textContent?.includes('In force: version 3') ?? false);
    expect(blocked().value).toBe('LA, MS, AL, WY');
  });
});
