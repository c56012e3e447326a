import { act } from 'react';
import { verificationMessages } from '@clinic/contracts';
import { PREAUTHS_KEY } from '../session/preauths';
import { setSession } from '../session/session';
import type { Rendered } from '../test-utils/render';
import {
  $,
  advance,
  alertText,
  choose,
  click,
  codeSent,
  fail,
  fakeApi,
  flush,
  heading,
  ok,
  paste,
  renderAt,
  statusText,
  submit,
  type,
  where,
  type FakeApi,
} from './testing/harness';
import { VerifyPage } from './VerifyPage';
import { testSession } from '../test-utils/session';

let api: FakeApi;
let view: Rendered | undefined;

const root = () => view!.container;
const step = () => root().querySelector('main')?.getAttribute('data-step');
const field = (id: string) => $<HTMLInputElement>(root(), `#${id}`);
const storedCall = 'GET /api/address/validate/7';
const statusCall = 'GET /api/verification-status';

type State = 'pending' | 'verified' | 'skipped';
const statusOf = (phone: State, email: State) =>
  ok({
    status: 'success',
    phone: { status: phone, at: phone === 'pending' ? null : '2026-11-20T10:00:00.000Z' },
    email: { status: email, at: email === 'pending' ? null : '2026-11-20T10:05:00.000Z' },
  });

const home = {
  address_line_1: '350 5th Ave',
  address_line_2: 'Apt 4',
  city: 'New York',
  state: 'NY',
  zip: '10118',
};
const suggested = { ...home, address_line_1: '350 5TH AVE', zip: '10118-0110' };

function stored(valid: boolean, extra: object = {}) {
  return ok({
    status: 'success',
    data: {
      valid,
      suggestions: [],
      standardized: null,
      problems: [],
      address: home,
      ...extra,
    },
  });
}

const checked = (valid: boolean, extra: object = {}) =>
  ok({
    status: 'success',
    valid,
    suggestions: [],
    standardized: null,
    problems: [],
    message: null,
    ...extra,
  });

const savedOk = ok({ status: 'success', message: 'Address saved.', address: home });

async function open() {
  view = await renderAt('/verify', <VerifyPage />);
}

async function fillForm(values: Partial<typeof home>) {
  const ids = {
    address_line_1: 'verify-address-line1',
    address_line_2: 'verify-address-line2',
    city: 'verify-city',
    zip: 'verify-zip',
  } as const;
  for (const [key, id] of Object.entries(ids)) {
    const value = values[key as keyof typeof ids];
    if (value !== undefined) await type(field(id), value);
  }
  if (values.state !== undefined)
    await choose($<HTMLSelectElement>(root(), '#verify-state'), values.state);
}

const sendForm = () => submit($<HTMLFormElement>(root(), '#verify-address-form'));

beforeEach(() => {
  jest.useFakeTimers();
  localStorage.clear();
  sessionStorage.clear();
  setSession(testSession({ token: 'tok', id: 7, first_name: 'Ana' }));
  api = fakeApi();
  api.on(statusCall, statusOf('pending', 'pending'));
  api.on('POST /api/send-code/1', codeSent());
  api.on('POST /api/send-code/2', codeSent('a***@example.com'));
});
afterEach(async () => {
  await view?.unmount();
  view = undefined;
  jest.useRealTimers();
});

describe('VerifyPage, session', () => {
  it('sends a visitor without a session to log in and come back', async () => {
    localStorage.clear();
    await open();
    expect(where(view!)).toBe('/login?page_ref=/verify');
    expect(api.fetch).not.toHaveBeenCalled();
  });
});

describe('VerifyPage, the stored address', () => {
  it('goes straight to the phone step and sends a phone code when it is valid', async () => {
    api.on(storedCall, stored(true));
    await open();
    const [, init] = api.fetch.mock.calls[0]!;
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer tok');
    // both asked at once on arrival; the code only once the status says the phone is pending
    expect(api.calls()).toEqual([storedCall, statusCall, 'POST /api/send-code/1']);
    expect(step()).toBe('phone');
    expect(heading(root())).toBe('Verify your phone number');
    const items = [...root().querySelectorAll('.verify-steps__item')];
    expect(items.map((i) => i.getAttribute('data-state'))).toEqual(['done', 'current', 'upcoming']);
    expect(
      items.map((i) => i.querySelector('.verify-steps__label')?.firstChild?.textContent),
    ).toEqual(['Address', 'Phone', 'Email']);
  });

  it('shows the manual form, prefilled, when it is not valid', async () => {
    api.on(storedCall, stored(false));
    await open();
    expect(step()).toBe('address');
    expect(alertText(root())).toBe(verificationMessages.unableToValidate);
    expect(field('verify-address-line1').value).toBe('350 5th Ave');
    expect(field('verify-address-line2').value).toBe('Apt 4');
    expect(field('verify-city').value).toBe('New York');
    expect($<HTMLSelectElement>(root(), '#verify-state').value).toBe('NY');
    expect(field('verify-zip').value).toBe('10118');
    expect(field('verify-address-line1').maxLength).toBe(256);
    expect(field('verify-address-line2').maxLength).toBe(256);
    expect(api.sent('POST /api/send-code/1')).toHaveLength(0);
  });

  it('shows beside its field what was wrong with the stored address', async () => {
    const problem = { field: 'zip', message: 'This ZIP code does not exist.' };
    api.on(storedCall, stored(false, { problems: [problem] }));
    await open();
    expect(alertText(root())).toBe(verificationMessages.unableToValidate);
    expect(root().querySelector('.verify-field__error')?.textContent).toBe(problem.message);
  });

  it('shows the empty manual form when the check fails', async () => {
    api.on(storedCall, fail(500));
    await open();
    expect(alertText(root())).toBe(verificationMessages.unableToValidate);
    expect(field('verify-address-line1').value).toBe('');
    const states = [...root().querySelectorAll('#verify-state option')].map((o) =>
      o.getAttribute('value'),
    );
    expect(states).toHaveLength(52);
    expect(states).toContain('CA');
  });

  it('offers a suggestion; "Use this address" saves it and goes on after 1.5 s', async () => {
    api.on(storedCall, stored(false, { suggestions: [suggested] }));
    api.on('POST /api/ship-address', savedOk);
    await open();
    expect(statusText(root())).toBe(verificationMessages.suggestion);
    expect($(root(), '#verify-suggestion').textContent).toContain('350 5TH AVE');
    expect($(root(), '#verify-suggestion').textContent).toContain('New York, NY 10118-0110');

    await click($(root(), '#verify-use-suggestion'));
    expect(api.sent('POST /api/ship-address')).toEqual([suggested]);
    expect(statusText(root())).toBe(verificationMessages.addressUpdated);
    await advance(1499);
    expect(step()).toBe('address');
    await advance(1);
    expect(step()).toBe('phone');
    expect(api.sent('POST /api/send-code/1')).toHaveLength(1);
  });

  it('shows the form for "Enter a different address"', async () => {
    api.on(storedCall, stored(false, { suggestions: [suggested] }));
    await open();
    await click($(root(), '#verify-enter-different'));
    expect(root().querySelector('#verify-address-form')).not.toBeNull();
    expect(field('verify-address-line1').value).toBe('350 5th Ave');
  });
});

describe('VerifyPage, the manual address', () => {
  beforeEach(() => api.on(storedCall, stored(false, { address: null })));

  it('checks the required fields before sending anything', async () => {
    await open();
    await fillForm({ address_line_2: 'Suite 9' });
    await sendForm();
    expect(api.calls()).toEqual([storedCall, statusCall]);
    const errors = [...root().querySelectorAll('.verify-field__error')].map((e) => e.textContent);
    expect(errors).toHaveLength(4);
    expect(field('verify-address-line1').getAttribute('aria-invalid')).toBe('true');
    expect(field('verify-address-line2').getAttribute('aria-invalid')).toBeNull();
    expect(document.activeElement).toBe(field('verify-address-line1'));
  });

  it('validates, saves and moves to the phone step 1.5 s after the confirmation', async () => {
    api.on('POST /api/address/validate', checked(true));
    api.on('POST /api/ship-address', savedOk);
    await open();
    await fillForm(home);
    await sendForm();
    expect(api.sent('POST /api/address/validate')).toEqual([home]);
    expect(api.sent('POST /api/ship-address')).toEqual([home]);
    expect(statusText(root())).toBe('Address updated successfully!');
    await advance(1500);
    expect(step()).toBe('phone');
  });

  it('sends the address once on a double submit', async () => {
    api.on('POST /api/address/validate', 'hang');
    await open();
    await fillForm(home);
    const form = $<HTMLFormElement>(root(), '#verify-address-form');
    await act(async () => {
      form.requestSubmit();
      form.requestSubmit();
    });
    await flush();
    expect(api.sent('POST /api/address/validate')).toHaveLength(1);
  });

  it('sends a missing apartment line as null', async () => {
    api.on('POST /api/address/validate', checked(true));
    api.on('POST /api/ship-address', savedOk);
    await open();
    await fillForm({ ...home, address_line_2: '' });
    await sendForm();
    expect(api.sent('POST /api/address/validate')).toEqual([{ ...home, address_line_2: null }]);
  });

  it('offers the suggestion of a failed check and saves it on "Use this address"', async () => {
    api.on('POST /api/address/validate', checked(false, { suggestions: [suggested] }));
    api.on('POST /api/ship-address', savedOk);
    await open();
    await fillForm(home);
    await sendForm();
    expect(statusText(root())).toBe(verificationMessages.suggestion);
    expect($(root(), '#verify-suggestion').textContent).toContain('You entered');
    await click($(root(), '#verify-use-suggestion'));
    expect(api.sent('POST /api/ship-address')).toEqual([suggested]);
  });

  it('shows the problems and the check text when there is no suggestion', async () => {
    api.on(
      'POST /api/address/validate',
      checked(false, { problems: [{ field: 'zip', message: 'ZIP code 10118 is not in CA.' }] }),
    );
    await open();
    await fillForm({ ...home, state: 'CA' });
    await sendForm();
    expect(alertText(root())).toBe(verificationMessages.checkAddress);
    expect(root().textContent).toContain('ZIP code 10118 is not in CA.');
    expect(field('verify-zip').getAttribute('aria-invalid')).toBe('true');
    expect(api.sent('POST /api/ship-address')).toHaveLength(0);
  });

  it('shows the server message, else the spec text, when the check fails', async () => {
    api.on('POST /api/address/validate', 'network');
    await open();
    await fillForm(home);
    await sendForm();
    expect(alertText(root())).toBe(verificationMessages.validateFailed);
    api.on('POST /api/address/validate', fail(503, 'The address service is busy.'));
    await sendForm();
    expect(alertText(root())).toBe('The address service is busy.');
  });

  it('shows the server message, else the spec text, when saving fails', async () => {
    api.on('POST /api/address/validate', checked(true));
    api.on('POST /api/ship-address', fail(400, 'We cannot ship to a P.O. box.'));
    await open();
    await fillForm(home);
    await sendForm();
    expect(alertText(root())).toBe('We cannot ship to a P.O. box.');
    expect(step()).toBe('address');

    api.on('POST /api/ship-address', fail(500));
    await sendForm();
    expect(alertText(root())).toBe(verificationMessages.saveAddressFailed);
    await advance(5000);
    expect(step()).toBe('address');
  });
});

describe('VerifyPage, to the medical form', () => {
  async function throughPhone() {
    api.on(storedCall, stored(true));
    api.on('POST /api/verify-code', ok({ status: 'success', message: 'Verified.' }));
    await open();
    await paste($<HTMLInputElement>(root(), '#verify-digit-1'), '1234');
    await submit($<HTMLFormElement>(root(), '#verify-code-form'));
    expect(step()).toBe('email');
    expect(api.sent('POST /api/send-code/2')).toHaveLength(1);
  }

  it('opens the medical form of the first remaining prescription', async () => {
    sessionStorage.setItem(
      PREAUTHS_KEY,
      JSON.stringify([{ product_name: 'No order' }, { orderId: 901 }, { orderId: 902 }]),
    );
    await throughPhone();
    await paste($<HTMLInputElement>(root(), '#verify-digit-1'), '5678');
    await submit($<HTMLFormElement>(root(), '#verify-code-form'));
    expect(api.sent('POST /api/verify-code')).toEqual([
      { type: 1, code: '1234' },
      { type: 2, code: '5678' },
    ]);
    expect(where(view!)).toBe('/medical-form/901');
  });

  it('opens /home when no prescription remains, also after skipping the email', async () => {
    api.on('POST /api/skip-verification', ok({ status: 'success', message: 'Skipped.' }));
    await throughPhone();
    await click($(root(), '#verify-skip'));
    expect(api.sent('POST /api/skip-verification')).toEqual([{ type: 2 }]);
    await flush();
    expect(where(view!)).toBe('/home');
  });

  it('moves from phone to email on "Skip verification"', async () => {
    api.on(storedCall, stored(true));
    api.on('POST /api/skip-verification', 'network');
    await open();
    await click($(root(), '#verify-skip'));
    expect(api.sent('POST /api/skip-verification')).toEqual([{ type: 1 }]);
    expect(step()).toBe('email');
    expect(heading(root())).toBe('Verify your email address');
    // The skipped phone is not drawn as verified: a dash and "Skipped", not the tick.
    const items = [...root().querySelectorAll('.verify-steps__item')];
    expect(items.map((i) => i.getAttribute('data-state'))).toEqual(['done', 'skipped', 'current']);
    expect(items[1]!.textContent).toBe('\u2013Phone (Skipped)');
  });
});

describe('VerifyPage, a revisit', () => {
  const sendCalls = () => api.calls().filter((call) => call.startsWith('POST /api/send-code'));

  beforeEach(() => {
    sessionStorage.setItem(PREAUTHS_KEY, JSON.stringify([{ orderId: 901 }]));
  });

  it.each([
    ['verified', 'verified'],
    ['skipped', 'verified'],
    ['verified', 'skipped'],
  ] as const)(
    'goes straight to the medical form when the phone is %s and the email %s, sending no code',
    async (phone, email) => {
      api.on(statusCall, statusOf(phone, email));
      api.on(storedCall, stored(true));
      await open();
      expect(where(view!)).toBe('/medical-form/901');
      expect(sendCalls()).toEqual([]);
    },
  );

  it('starts at the email step when only the phone is done', async () => {
    api.on(statusCall, statusOf('verified', 'pending'));
    api.on(storedCall, stored(true));
    await open();
    expect(step()).toBe('email');
    expect(heading(root())).toBe('Verify your email address');
    expect(sendCalls()).toEqual(['POST /api/send-code/2']);
    const items = [...root().querySelectorAll('.verify-steps__item')];
    expect(items.map((i) => i.getAttribute('data-state'))).toEqual(['done', 'done', 'current']);
  });

  it('shows a phone skipped on an earlier visit as skipped, a verified one as done', async () => {
    api.on(statusCall, statusOf('skipped', 'pending'));
    api.on(storedCall, stored(true));
    await open();
    expect(step()).toBe('email');
    const items = [...root().querySelectorAll('.verify-steps__item')];
    expect(items.map((i) => i.getAttribute('data-state'))).toEqual(['done', 'skipped', 'current']);
  });

  it('asks for the phone only, when the email is done, then opens the medical form', async () => {
    api.on(statusCall, statusOf('pending', 'skipped'));
    api.on(storedCall, stored(true));
    api.on('POST /api/verify-code', ok({ status: 'success', message: 'Verified.' }));
    await open();
    expect(step()).toBe('phone');
    await paste($<HTMLInputElement>(root(), '#verify-digit-1'), '1234');
    await submit($<HTMLFormElement>(root(), '#verify-code-form'));
    expect(where(view!)).toBe('/medical-form/901');
    expect(sendCalls()).toEqual(['POST /api/send-code/1']);
  });

  it('still asks for an address that is not good, then skips the done contacts', async () => {
    api.on(statusCall, statusOf('verified', 'verified'));
    api.on(storedCall, stored(false));
    api.on('POST /api/address/validate', checked(true));
    api.on('POST /api/ship-address', savedOk);
    await open();
    expect(step()).toBe('address');
    await fillForm(home);
    await sendForm();
    await advance(1500);
    expect(where(view!)).toBe('/medical-form/901');
    expect(sendCalls()).toEqual([]);
  });

  it('sends no code before the status is known', async () => {
    api.on(statusCall, 'hang');
    api.on(storedCall, stored(true));
    await open();
    expect(step()).toBe('address');
    expect(sendCalls()).toEqual([]);
  });

  it('offers every step, as on a first visit, when the status cannot be read', async () => {
    api.on(statusCall, fail(503));
    api.on(storedCall, stored(true));
    await open();
    expect(step()).toBe('phone');
    expect(sendCalls()).toEqual(['POST /api/send-code/1']);
  });
});
