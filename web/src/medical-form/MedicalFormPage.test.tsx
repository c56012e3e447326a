import { formsMessages, stateRulesSeed } from '@clinic/contracts';
import { setSession } from '../session/session';
import type { Rendered } from '../test-utils/render';
import { testSession } from '../test-utils/session';
import { LOADER_STATE_KEY, readLoaderState } from './loaderState';
import { MedicalFormPage } from './MedicalFormPage';
import {
  click,
  fail,
  fakeApi,
  ok,
  questionId,
  renderForm,
  where,
  type FakeApi,
} from './testing/harness';
import { testLoader, testOrder, testQuestionnaire } from './testing/fixture';

let api: FakeApi;
let view: Rendered | undefined;
const orderCall = 'GET /forms/orders/5';
const fileCall = (name: string) => `GET /forms/questionnaires/${name}`;
const rulesCall = 'GET /api/state-rules';
const rulesInForce = (rules = stateRulesSeed) => ok({ status: 'success', version: 2, rules });
const open = async (path = '/medical-form/5') => {
  view = await renderForm(path, <MedicalFormPage />);
};
const sorry = (message: string) => `/sorry?message=${encodeURIComponent(message)}`;

beforeEach(() => {
  localStorage.clear();
  setSession(testSession({ token: 'tok', id: 7 }));
  api = fakeApi();
  api.on(rulesCall, rulesInForce());
  window.scrollTo = jest.fn() as unknown as typeof window.scrollTo;
});
afterEach(async () => {
  await view?.unmount();
  view = undefined;
});

describe('the form loader', () => {
  it.each([
    [1, 'medical', 'medical-integration'],
    [2, 'bare', 'bare-medication'],
    [3, 'refill', 'refill'],
  ] as const)(
    'shows form %i: the address gets type=%s and the %s questions load',
    async (form, type, name) => {
      api.on(orderCall, ok(testOrder({ form })));
      api.on(fileCall(name), ok(testQuestionnaire(form)));
      await open();
      expect(api.calls()).toEqual([orderCall, fileCall(name), rulesCall]);
      const [, init] = api.fetch.mock.calls[0]!;
      expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer tok');
      expect(where(view!)).toBe(`/medical-form/5?type=${type}`);
      // a man in Texas starts at the GLP-1 question (0 and Florida's are not his)
      expect(questionId(view!.container)).toBe('8');
      expect(readLoaderState('5', Date.now())).toMatchObject({
        activeFrm: form,
        formId: '5',
        productName: 'tirzepatide',
        userState: 'TX',
        product_id: 11,
        version: '1.0',
      });
    },
  );

  it('replaces a wrong type in the address rather than adding a history entry', async () => {
    api.on(orderCall, ok(testOrder({ form: 2 })));
    api.on(fileCall('bare-medication'), ok(testQuestionnaire(2)));
    await open('/medical-form/5?type=medical&utm=x');
    expect(where(view!)).toBe('/medical-form/5?type=bare&utm=x');
  });

  it('shows a full-screen spinner while the order loads', async () => {
    api.on(orderCall, 'hang');
    await open();
    expect(view!.container.querySelector('main[data-page="medical-form-loading"]')).not.toBeNull();
    expect(view!.container.querySelector('.mf-spinner')).not.toBeNull();
  });

  it.each([
    ['a 404', fail(404, 'Not found')],
    [
      'an order no longer pending',
      ok(testOrder({ order: { status: 'submitted', product_id: 11 } })),
    ],
    ['an answer that is not a success', ok({ status: 'error' })],
  ])('sends %s to /sorry with the order-not-found message', async (_, answer) => {
    api.on(orderCall, answer);
    await open();
    expect(where(view!)).toBe(sorry(formsMessages.orderNotFound));
    expect(localStorage.getItem(LOADER_STATE_KEY)).toBeNull();
  });

  it.each([
    ['no answer', 'network' as const],
    ['a 500', fail(500)],
    ['a 503', fail(503, 'Down')],
  ])('sends %s to /sorry with the fetch-failed message', async (_, answer) => {
    api.on(orderCall, answer);
    await open();
    expect(where(view!)).toBe(sorry(formsMessages.fetchFailed));
  });

  it('offers to try again when the questions do not load', async () => {
    api.on(orderCall, ok(testOrder()));
    api.on(fileCall('medical-integration'), fail(500), ok(testQuestionnaire()));
    await open();
    expect(view!.container.querySelector('[role="alert"]')?.textContent).toContain(
      'could not load your questions',
    );
    const retry = view!.container.querySelector<HTMLButtonElement>('#mf-retry')!;
    await click(retry);
    expect(questionId(view!.container)).toBe('8');
  });
});

describe('the per-state rules in force', () => {
  it('shows the Florida bill of rights in the states an admin chose, read when the form opens', async () => {
    api.on(rulesCall, rulesInForce({ ...stateRulesSeed, floridaBillOfRightsStates: ['FL', 'TX'] }));
    api.on(orderCall, ok(testOrder({ form: 1 })));
    api.on(fileCall('medical-integration'), ok(testQuestionnaire(1)));
    await open();
    // The same man in Texas now starts at the bill of rights.
    expect(questionId(view!.container)).toBe('fl');
  });

  it('offers to try again when the rules cannot be read', async () => {
    api.on(rulesCall, fail(503, 'Unavailable'));
    api.on(orderCall, ok(testOrder({ form: 1 })));
    api.on(fileCall('medical-integration'), ok(testQuestionnaire(1)));
    await open();
    expect(view!.container.querySelector('#mf-retry')).not.toBeNull();
  });
});

describe('the saved loader state', () => {
  const save = (state: object) => localStorage.setItem(LOADER_STATE_KEY, JSON.stringify(state));

  it('is reused for the same order within 24 hours: the order is not asked again', async () => {
    save(testLoader({ activeFrm: 3, savedAt: Date.now() - 23 * 60 * 60 * 1000 }));
    api.on(fileCall('refill'), ok(testQuestionnaire(3)));
    await open();
    expect(api.calls()).toEqual([fileCall('refill'), rulesCall]);
    expect(where(view!)).toBe('/medical-form/5?type=refill');
  });

  it('is cleared and the order fetched when older than 24 hours', async () => {
    save(testLoader({ activeFrm: 3, savedAt: Date.now() - 25 * 60 * 60 * 1000 }));
    api.on(orderCall, ok(testOrder({ form: 1 })));
    api.on(fileCall('medical-integration'), ok(testQuestionnaire(1)));
    await open();
    expect(api.calls()).toEqual([orderCall, fileCall('medical-integration'), rulesCall]);
    expect(where(view!)).toBe('/medical-form/5?type=medical');
  });

  it('is not reused for another order', async () => {
    save(testLoader({ formId: '9', activeFrm: 3 }));
    api.on(orderCall, ok(testOrder({ form: 2 })));
    api.on(fileCall('bare-medication'), ok(testQuestionnaire(2)));
    await open();
    expect(api.calls()[0]).toBe(orderCall);
    expect(readLoaderState('5', Date.now())?.activeFrm).toBe(2);
  });

  it('is cleared when unreadable', async () => {
    localStorage.setItem(LOADER_STATE_KEY, '{"activeFrm":');
    expect(readLoaderState('5', Date.now())).toBeNull();
    expect(localStorage.getItem(LOADER_STATE_KEY)).toBeNull();
  });
});
