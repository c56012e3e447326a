import { intakeMessages, intakePersonSchema } from '@clinic/contracts';
import { getSession } from '../session/session';
import { installFetchMock, jsonResponse, type FetchMock } from '../test-utils/fetchMock';
import type { Rendered } from '../test-utils/render';
import { INTAKE_KEY } from './intakeStore';
import { IntakePage, SENDING_LABEL, SUBMIT_LABEL } from './IntakePage';
import { storeIntake } from './testing/fixtures';
import {
  alertText,
  buttonByText,
  byLabel,
  choose,
  click,
  flush,
  keyDown,
  paste,
  renderPage,
  type,
  where,
} from './testing/dom';

let view: Rendered | undefined;
let fetchMock: FetchMock;

const stepText = () => view!.container.querySelector('.quiz-progress__text')?.textContent;
const heading = () => view!.container.querySelector('h1');
function field<T extends HTMLElement = HTMLInputElement>(label: string): T {
  return byLabel<T>(view!.container, label);
}
const continueButton = () => buttonByText(view!.container, 'Continue');

async function open(path = '/') {
  view = await renderPage(path, { '/': <IntakePage /> });
  return view;
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

describe('step 1: welcome', () => {
  it('needs the agreement, links the legal pages and has no Go Back', async () => {
    await open();
    expect(stepText()).toBe('Step 1 of 9');
    expect(view!.container.textContent).not.toContain('Go Back');
    const links = [...view!.container.querySelectorAll('a')].map((a) => a.getAttribute('href'));
    expect(links).toEqual([
      '/legal/terms-of-use',
      '/legal/privacy-policy',
      '/legal/telehealth-consent',
    ]);
    expect(view!.container.querySelectorAll('.quiz__bullets li')).toHaveLength(3);

    await click(continueButton());
    expect(alertText(view!.container)).toBe(intakeMessages.terms);
    expect(stepText()).toBe('Step 1 of 9');

    await click(view!.container.querySelector('input[type="checkbox"]')!);
    await click(continueButton());
    expect(stepText()).toBe('Step 2 of 9');
    expect(alertText(view!.container)).toBeNull();
    // the new step's heading takes the focus
    expect(document.activeElement).toBe(heading());
    expect(heading()?.textContent).toBe('Which state do you live in?');
  });
});

describe.each([
  {
    step: 2,
    bad: { state: '' },
    message: intakeMessages.state,
    fix: () => choose(field<HTMLSelectElement>('State'), 'TX'),
  },
  {
    step: 3,
    bad: { lastName: ' ' },
    message: intakeMessages.name,
    fix: () => type(field('Last name'), 'Doe'),
  },
  {
    step: 5,
    bad: { phone: { areaCode: '55', prefix: '123', line: '4567' } },
    message: intakeMessages.phone,
    fix: () => type(field('Area code'), '555'),
  },
  {
    step: 6,
    bad: { email: 'jane@example' },
    message: intakeMessages.email,
    fix: () => type(field('Email address'), 'jane@example.com'),
  },
  {
    step: 6,
    bad: { emailConsent: false },
    message: intakeMessages.emailConsent,
    fix: () => click(view!.container.querySelector('input[type="checkbox"]')!),
  },
  {
    step: 7,
    bad: { inches: '12' },
    message: intakeMessages.height,
    fix: () => type(field('Inches'), '11'),
  },
  {
    step: 7,
    bad: { weight: '79' },
    message: intakeMessages.weight,
    fix: () => type(field('Weight (lbs)'), '80'),
  },
  {
    step: 8,
    bad: { dobDay: '' },
    message: intakeMessages.dobIncomplete,
    fix: () => type(field('Day'), '12'),
  },
  {
    step: 8,
    bad: { dobMonth: '2', dobDay: '30' },
    message: intakeMessages.dobInvalid,
    fix: () => type(field('Day'), '28'),
  },
  {
    step: 8,
    bad: { dobYear: '1923' },
    message: intakeMessages.dobInvalid,
    // the rule accepts 1924 although the input's own attribute range starts at 1950
    fix: () => type(field('Year'), '1924'),
  },
])('step $step: $message', ({ step, bad, message, fix }) => {
  it('shows the message on the step, then advances once fixed', async () => {
    storeIntake(step, bad);
    await open();
    expect(stepText()).toBe(`Step ${step} of 9`);

    await click(continueButton());
    expect(alertText(view!.container)).toBe(message);
    expect(stepText()).toBe(`Step ${step} of 9`);

    await fix();
    await click(continueButton());
    expect(alertText(view!.container)).toBeNull();
    expect(stepText()).toBe(`Step ${step + 1} of 9`);
  });
});

describe('step 4: gender', () => {
  it('asks for a choice and advances at once when one is made', async () => {
    storeIntake(4, { gender: '' });
    await open();
    await click(continueButton());
    expect(alertText(view!.container)).toBe(intakeMessages.gender);

    await click(buttonByText(view!.container, 'Male'));
    expect(stepText()).toBe('Step 5 of 9');
    expect(JSON.parse(sessionStorage.getItem(INTAKE_KEY)!).draft.gender).toBe('Male');
  });
});

describe('step 5: phone boxes', () => {
  it('keeps digits only and moves the focus to the next box when one is full', async () => {
    storeIntake(5, { phone: { areaCode: '', prefix: '', line: '' } });
    await open();
    const [area, prefix, line] = ['Area code', 'Prefix', 'Line number'].map((label) =>
      field(label),
    );
    await type(area!, '5a5');
    expect(area!.value).toBe('55');
    expect(document.activeElement).toBe(area);
    await type(area!, '555');
    expect(document.activeElement).toBe(prefix);
    await type(prefix!, '123');
    expect(document.activeElement).toBe(line);
    await type(line!, '45678');
    expect(line!.value).toBe('4567');

    // Backspace in an empty box goes back to the previous one
    await type(line!, '');
    await keyDown(line!, 'Backspace');
    expect(document.activeElement).toBe(prefix);
  });

  it.each(['Area code', 'Prefix', 'Line number'])(
    'splits a pasted "(555) 123-4567" across the boxes (pasted into %s)',
    async (label) => {
      storeIntake(5, { phone: { areaCode: '', prefix: '', line: '' } });
      await open();
      const event = await paste(field(label), '(555) 123-4567');
      expect(event.defaultPrevented).toBe(true);
      expect(field('Area code').value).toBe('555');
      expect(field('Prefix').value).toBe('123');
      expect(field('Line number').value).toBe('4567');
      expect(document.activeElement).toBe(field('Line number'));

      await click(continueButton());
      expect(stepText()).toBe('Step 6 of 9');
    },
  );
});

describe('steps 8 and 9', () => {
  it('gives the year box the attribute range 1950 to 2024', async () => {
    storeIntake(8);
    await open();
    const year = field('Year');
    expect(year.min).toBe('1950');
    expect(year.max).toBe('2024');
    expect(field<HTMLSelectElement>('Month').tagName).toBe('SELECT');
  });

  it.each([
    ['79', intakeMessages.desiredWeight],
    ['200', intakeMessages.desiredBelowCurrent],
  ])('rejects a goal weight of %s', async (goal, message) => {
    storeIntake(9, { desiredWeight: goal });
    await open();
    await click(buttonByText(view!.container, SUBMIT_LABEL));
    expect(alertText(view!.container)).toBe(message);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('navigation between steps', () => {
  it('goes back with Go Back and keeps the answers through a reload', async () => {
    storeIntake(3, { firstName: '', lastName: '' });
    await open();
    await type(field('First name'), 'Ann');
    await click(buttonByText(view!.container, 'Go Back'));
    expect(stepText()).toBe('Step 2 of 9');
    await view!.unmount();

    await open();
    expect(stepText()).toBe('Step 2 of 9');
    await click(continueButton());
    expect(field('First name').value).toBe('Ann');
  });

  it('walks all nine steps from a blank quiz', async () => {
    await open();
    await click(view!.container.querySelector('input[type="checkbox"]')!);
    await click(continueButton());
    await choose(field<HTMLSelectElement>('State'), 'NY');
    await click(continueButton());
    await type(field('First name'), 'Jane');
    await type(field('Last name'), 'Doe');
    await click(continueButton());
    await click(buttonByText(view!.container, 'Female'));
    await paste(field('Area code'), '555-123-4567');
    await click(continueButton());
    await type(field('Email address'), 'jane@example.com');
    await click(view!.container.querySelector('input[type="checkbox"]')!);
    await click(continueButton());
    await type(field('Feet'), '5');
    await type(field('Inches'), '4');
    await type(field('Weight (lbs)'), '190');
    await click(continueButton());
    await choose(field<HTMLSelectElement>('Month'), '12');
    await type(field('Day'), '31');
    await type(field('Year'), '1970');
    await click(continueButton());
    expect(stepText()).toBe('Step 9 of 9');
    expect(buttonByText(view!.container, SUBMIT_LABEL)).toBeTruthy();
    expect(alertText(view!.container)).toBeNull();
  });
});

describe('submit', () => {
  const user = {
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
  };
  const success = { status: 'success', message: 'ok', user, token: 'tok-1' };

  function sentBody(call = 0): unknown {
    const [, init] = fetchMock.mock.calls[call]!;
    return JSON.parse(String(init?.body));
  }

  it('sends the intake person payload once, stores the session and opens the report', async () => {
    storeIntake(9);
    let answer: (response: Response) => void = () => {};
    fetchMock.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    await open();

    const button = buttonByText(view!.container, SUBMIT_LABEL);
    const form = view!.container.querySelector('form')!;
    await click(button);
    // a second tap (or Enter) while sending does nothing
    await click(button);
    form.requestSubmit();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(button.textContent).toBe(SENDING_LABEL);
    expect(button.disabled).toBe(true);

    const [path, init] = fetchMock.mock.calls[0]!;
    expect(path).toBe('/api/intake-form');
    expect(init?.method).toBe('POST');
    const body = intakePersonSchema.parse(sentBody());
    expect(body).toEqual(
      expect.objectContaining({
        first_name: 'Jane',
        last_name: 'Doe',
        email: 'jane.doe@example.com',
        phone: '5551234567',
        phone_parts: { areaCode: '555', prefix: '123', line: '4567' },
        height: { foot: 5, inches: 6 },
        heightInInches: 66,
        weight: 200,
        bmi: 32.3,
        gender: 'Female',
        agreed_to_text: 'Yes',
        agreed_to_email: true,
        agreed_to_terms: true,
        form_step2_agree: true,
        dobMMDDYYYY: '04/12/1985',
        dob: { mm: 4, dd: 12, yyyy: 1985 },
        desired_weight: 160,
        state: 'CA',
        source_web: 2,
        is_completed: true,
      }),
    );
    expect(body.age).toBeGreaterThanOrEqual(39);
    expect(body.tracking_session_id).toMatch(/^[0-9a-f-]{16,}$/);
    expect(body.user_agent).toBe(navigator.userAgent);
    expect(body).not.toHaveProperty('ip_address');
    // No campaign brought this visitor: only the offers the quiz ran under (the defaults).
    expect(body.tracking).toEqual({ sema_offer: 'default', tir_offer: 'default' });

    answer(jsonResponse(200, success));
    await flush();
    expect(getSession()).toEqual({ token: 'tok-1', user });
    expect(where(view!)).toBe('/weight-loss-report?desired_weight=160');
  });

  it('keeps the same tracking session id for the browser session', async () => {
    storeIntake(9);
    fetchMock.mockResolvedValue(jsonResponse(500, { status: 'error', message: 'boom' }));
    await open();
    await click(buttonByText(view!.container, SUBMIT_LABEL));
    await flush();
    await click(buttonByText(view!.container, SUBMIT_LABEL));
    await flush();
    const first = (sentBody(0) as { tracking_session_id: string }).tracking_session_id;
    expect((sentBody(1) as { tracking_session_id: string }).tracking_session_id).toBe(first);
  });

  it('sends a disqualified visitor to /sorry with the message', async () => {
    storeIntake(9, { state: 'LA' });
    const message =
      'Our GLP Medical Weight Loss program is not yet available in Louisiana, but we are launching there next month.';
    fetchMock.mockResolvedValue(
      jsonResponse(200, { status: 'disqualified', reason: 'state_not_available', message }),
    );
    await open();
    await click(buttonByText(view!.container, SUBMIT_LABEL));
    await flush();
    expect(where(view!)).toBe(`/sorry?message=${encodeURIComponent(message)}`);
    expect(getSession()).toBeNull();
  });

  it('sends an existing account to /login with page_ref and the notice', async () => {
    storeIntake(9);
    const message =
      'You already have an account with this email address. Please log in to continue.';
    fetchMock.mockResolvedValue(jsonResponse(200, { status: 'existing_account', message }));
    await open();
    await click(buttonByText(view!.container, SUBMIT_LABEL));
    await flush();
    const url = new URL(where(view!)!, 'http://x');
    expect(url.pathname).toBe('/login');
    expect(url.searchParams.get('page_ref')).toBe('/weight-loss-report?desired_weight=160');
    expect(url.searchParams.get('notice')).toBe(message);
  });

  it.each([
    ['a server error', () => jsonResponse(500, { status: 'error', message: 'db down' })],
    ['an unreadable answer', () => jsonResponse(200, { status: 'weird' })],
    ['a network failure', () => Promise.reject(new TypeError('Failed to fetch'))],
  ])('shows the submit error and re-enables the button after %s', async (_, response) => {
    storeIntake(9);
    jest.spyOn(console, 'error').mockImplementation(() => {});
    fetchMock.mockImplementation(() => Promise.resolve(response()));
    await open();
    await click(buttonByText(view!.container, SUBMIT_LABEL));
    await flush();
    expect(alertText(view!.container)).toBe(intakeMessages.submitError);
    const button = buttonByText(view!.container, SUBMIT_LABEL);
    expect(button.disabled).toBe(false);
    expect(where(view!)).toBe('/');
  });

  it("shows a 400's rule text on the step it belongs to", async () => {
    storeIntake(9);
    fetchMock.mockResolvedValue(
      jsonResponse(400, { status: 'error', message: intakeMessages.email }),
    );
    await open();
    await click(buttonByText(view!.container, SUBMIT_LABEL));
    await flush();
    expect(stepText()).toBe('Step 6 of 9');
    expect(alertText(view!.container)).toBe(intakeMessages.email);
  });

  it('shows any other 400 message on the last step', async () => {
    storeIntake(9);
    fetchMock.mockResolvedValue(
      jsonResponse(400, { status: 'error', message: 'Please check your answers.' }),
    );
    await open();
    await click(buttonByText(view!.container, SUBMIT_LABEL));
    await flush();
    expect(stepText()).toBe('Step 9 of 9');
    expect(alertText(view!.container)).toBe('Please check your answers.');
  });

  it('returns to the first broken step instead of sending', async () => {
    storeIntake(9, { email: 'nope' });
    await open();
    await click(buttonByText(view!.container, SUBMIT_LABEL));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(stepText()).toBe('Step 6 of 9');
    expect(alertText(view!.container)).toBe(intakeMessages.email);
  });
});
