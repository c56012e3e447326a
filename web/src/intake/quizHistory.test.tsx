/**
 * The quiz's steps as browser history entries: the browser's Back and Forward (jsdom's own
 * history, popstate and all) move between steps on /, and Go Back does what Back does.
 */
import { intakeMessages } from '@clinic/contracts';
import { installFetchMock, jsonResponse, type FetchMock } from '../test-utils/fetchMock';
import type { Rendered } from '../test-utils/render';
import { INTAKE_KEY } from './intakeStore';
import { IntakePage, SUBMIT_LABEL } from './IntakePage';
import { quizEntryOf, quizMove } from './quizHistory';
import {
  alertText,
  buttonByText,
  click,
  flush,
  historyGo,
  renderOnBrowserHistory,
  untilPopstate,
  where,
} from './testing/dom';
import { storeIntake } from './testing/fixtures';

let view: Rendered | undefined;
let fetchMock: FetchMock;

const stepText = () => view!.container.querySelector('.quiz-progress__text')?.textContent;
const storedStep = () => (JSON.parse(sessionStorage.getItem(INTAKE_KEY)!) as { step: number }).step;
const next = () => click(buttonByText(view!.container, 'Continue'));
const goBack = () => buttonByText(view!.container, 'Go Back');

async function open(path: string | null = '/') {
  view = await renderOnBrowserHistory(path, { '/': <IntakePage /> });
}

async function reload() {
  await view!.unmount();
  await open(null);
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  fetchMock = installFetchMock();
});
afterEach(async () => {
  await view?.unmount();
  view = undefined;
  jest.restoreAllMocks();
});

describe('quizMove', () => {
  it('pushes the next step, goes back through the run of entries, replaces below it', () => {
    const at5 = { intakeStep: 5, firstStep: 3 };
    expect(quizMove(at5, 6)).toEqual({ kind: 'push', entry: { intakeStep: 6, firstStep: 3 } });
    expect(quizMove(at5, 4)).toEqual({ kind: 'history', delta: -1 });
    expect(quizMove(at5, 3)).toEqual({ kind: 'history', delta: -2 });
    expect(quizMove(at5, 2)).toEqual({ kind: 'replace', entry: { intakeStep: 2, firstStep: 2 } });
    expect(quizMove(at5, 5)).toEqual({ kind: 'stay' });
  });

  it('reads only a well-formed quiz entry from a history state', () => {
    expect(quizEntryOf({ intakeStep: 4, firstStep: 1 })).toEqual({ intakeStep: 4, firstStep: 1 });
    for (const state of [null, 'x', { intakeStep: 10, firstStep: 1 }, { intakeStep: 2 }])
      expect(quizEntryOf(state)).toBeNull();
    expect(quizEntryOf({ intakeStep: 2, firstStep: 3 })).toBeNull();
  });
});

describe('the browser history of the quiz', () => {
  it('makes each step an entry on /: Back and Forward move between steps', async () => {
    storeIntake(1);
    await open();
    const entries = window.history.length;
    await next();
    await next();
    expect(stepText()).toBe('Step 3 of 9');
    expect(window.history.length).toBe(entries + 2);
    expect(window.location.pathname).toBe('/');

    await historyGo(-1);
    expect(stepText()).toBe('Step 2 of 9');
    await historyGo(-1);
    expect(stepText()).toBe('Step 1 of 9');
    expect(window.location.pathname).toBe('/');
    await historyGo(1);
    expect(stepText()).toBe('Step 2 of 9');
    // the step shown is the one a reload resumes
    expect(storedStep()).toBe(2);
  });

  it('makes Go Back the same as Back: Forward returns to the step it left', async () => {
    storeIntake(1);
    await open();
    await next();
    await next();
    const entries = window.history.length;
    await untilPopstate(() => goBack().click());
    expect(stepText()).toBe('Step 2 of 9');
    expect(window.history.length).toBe(entries);
    await historyGo(1);
    expect(stepText()).toBe('Step 3 of 9');
  });

  it('keeps the step and the entries behind it through a reload', async () => {
    storeIntake(1);
    await open();
    await next();
    await next();
    await reload();
    expect(stepText()).toBe('Step 3 of 9');
    await historyGo(-1);
    expect(stepText()).toBe('Step 2 of 9');
  });

  it('shows the step the draft says on a reload, whatever the entry says', async () => {
    storeIntake(1);
    await open();
    await next();
    storeIntake(6);
    await reload();
    expect(stepText()).toBe('Step 6 of 9');
    // No entry of step 5 lies behind: Go Back shows it in place.
    const entries = window.history.length;
    await click(goBack());
    expect(stepText()).toBe('Step 5 of 9');
    expect(window.history.length).toBe(entries);
  });

  it('resumed from the draft, goes back in place and then lets Back leave the quiz', async () => {
    window.history.pushState(null, '', '/legal/terms-of-use');
    storeIntake(5);
    await open();
    expect(stepText()).toBe('Step 5 of 9');
    await click(goBack());
    expect(stepText()).toBe('Step 4 of 9');
    await historyGo(-1);
    expect(where(view!)).toBe('/legal/terms-of-use');
  });

  it('brings Back from the report to the last step, without sending the quiz again', async () => {
    storeIntake(8);
    fetchMock.mockResolvedValue(
      jsonResponse(200, {
        status: 'success',
        message: 'ok',
        token: 'tok-1',
        user: {
          id: 7,
          first_name: 'Jane',
          last_name: 'Doe',
          email: 'jane.doe@example.com',
          phone: '5551234567',
          address: '',
          city: '',
          state: 'CA',
          zip: '',
          height_inch: 66,
          weight: 200,
          health_id: null,
          is_admin: 0,
          role: 'patient',
        },
      }),
    );
    await open();
    await next();
    await click(buttonByText(view!.container, SUBMIT_LABEL));
    await flush();
    expect(where(view!)).toBe('/weight-loss-report?desired_weight=160');

    await historyGo(-1);
    expect(stepText()).toBe('Step 9 of 9');
    expect(buttonByText(view!.container, SUBMIT_LABEL).disabled).toBe(false);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await historyGo(-1);
    expect(stepText()).toBe('Step 8 of 9');
    await historyGo(1);
    await historyGo(1);
    expect(where(view!)).toBe('/weight-loss-report?desired_weight=160');
  });

  it("goes back through the steps to the one a server's rule text is about", async () => {
    storeIntake(5);
    fetchMock.mockResolvedValue(
      jsonResponse(400, { status: 'error', message: intakeMessages.email }),
    );
    await open();
    for (let i = 0; i < 4; i += 1) await next();
    expect(stepText()).toBe('Step 9 of 9');
    await untilPopstate(() => buttonByText(view!.container, SUBMIT_LABEL).click());
    expect(stepText()).toBe('Step 6 of 9');
    expect(alertText(view!.container)).toBe(intakeMessages.email);
    await historyGo(-1);
    expect(stepText()).toBe('Step 5 of 9');
  });
});
