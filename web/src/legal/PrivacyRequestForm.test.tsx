import { act } from 'react';
import { privacyRequestMessages } from '@clinic/contracts';
import { renderRoutes, settle } from '../account/testing/kit';
import { setSession } from '../session/session';
import { testSession } from '../test-utils/session';
import { installFetchMock, jsonResponse, type FetchMock } from '../test-utils/fetchMock';
import type { Rendered } from '../test-utils/render';
import { PrivacyRequestForm } from './PrivacyRequestForm';
import { SHARING_OPT_OUT_KEY } from '../tracking/sharingOptOut';

const routes = [{ path: '/legal/ccpa-opt-out', element: <PrivacyRequestForm /> }];

let fetchMock: FetchMock;
let view: Rendered;

beforeEach(async () => {
  localStorage.clear();
  fetchMock = installFetchMock();
  view = await renderRoutes(routes, '/legal/ccpa-opt-out');
});
afterEach(async () => {
  await view.unmount();
  delete (navigator as { globalPrivacyControl?: boolean }).globalPrivacyControl;
});

function control<T extends HTMLElement>(label: string): T {
  const found = [...view.container.querySelectorAll('label')].find((l) =>
    l.textContent?.startsWith(label),
  );
  const el = found?.htmlFor
    ? document.getElementById(found.htmlFor)
    : found?.querySelector('input');
  if (!el) throw new Error(`no control labelled "${label}"`);
  return el as T;
}

async function fill(label: string, value: string) {
  const el = control<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>(label);
  const proto = Object.getPrototypeOf(el) as object;
  const setter = Object.getOwnPropertyDescriptor(proto, 'value')!.set!;
  await act(async () => {
    setter.call(el, value);
    el.dispatchEvent(
      new Event(el instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }),
    );
  });
}

async function click(el: HTMLElement) {
  await act(async () => {
    el.click();
  });
}

async function submit() {
  await act(async () => {
    view.container.querySelector('form')!.requestSubmit();
  });
  await settle();
}

async function fillValid(type = 'Delete my personal information') {
  await fill('Full name', 'Ana Diaz');
  await fill('Email', 'Ana@Example.com');
  await fill('State of residence', 'CA');
  await click(control(type));
  await fill('Details', 'Please delete my quiz answers.');
  await click(control('I am the consumer named above'));
}

const errorOf = (label: string) => {
  const el = control(label);
  const ids = el.getAttribute('aria-describedby')?.split(' ') ?? [];
  const errorId = ids.find((id) => id.endsWith('-error'));
  return errorId ? document.getElementById(errorId)?.textContent : undefined;
};

describe('PrivacyRequestForm', () => {
  it('sends the request and shows the confirmation with its reference', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(200, {
        status: 'success',
        message: privacyRequestMessages.received,
        reference: 'PR-7KQ2M9XD',
      }),
    );
    await fillValid();
    await submit();

    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/privacy-request');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({
      name: 'Ana Diaz',
      email: 'ana@example.com',
      state: 'CA',
      request_type: 'delete',
      details: 'Please delete my quiz answers.',
      confirmed: true,
    });

    const done = view.container.querySelector('[data-testid="privacy-request-confirmation"]');
    expect(done?.getAttribute('role')).toBe('status');
    expect(done?.textContent).toContain(privacyRequestMessages.received);
    expect(view.container.querySelector('[data-testid="privacy-reference"]')?.textContent).toBe(
      'PR-7KQ2M9XD',
    );
    expect(done?.textContent).toContain('ana@example.com');
    expect(view.container.querySelector('form')).toBeNull();
    // Only an opt-out request opts this browser out.
    expect(localStorage.getItem(SHARING_OPT_OUT_KEY)).toBeNull();
  });

  it('opts this browser out at once when the request is "do not sell or share"', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(200, { status: 'success', message: 'ok', reference: 'PR-00000000' }),
    );
    await fillValid('Do not sell or share my personal information');
    await submit();
    expect(localStorage.getItem(SHARING_OPT_OUT_KEY)).toBe('1');
    expect(view.container.textContent).toContain('This browser has stopped sharing already.');
  });

  it('names each missing field beside it and sends nothing', async () => {
    await submit();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(errorOf('Full name')).toBe(privacyRequestMessages.name);
    expect(errorOf('Email')).toBe(privacyRequestMessages.email);
    expect(errorOf('State of residence')).toBe(privacyRequestMessages.state);
    expect(view.container.querySelector('fieldset')?.textContent).toContain(
      privacyRequestMessages.requestType,
    );
    expect(errorOf('I am the consumer named above')).toBe(privacyRequestMessages.confirm);
    // Focus goes to the first field to fix.
    expect(document.activeElement).toBe(control('Full name'));
    expect(control('Full name').getAttribute('aria-invalid')).toBe('true');
  });

  it('refuses a bad email and an unconfirmed request before sending', async () => {
    await fillValid();
    await fill('Email', 'not-an-email');
    await click(control('I am the consumer named above'));
    await submit();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(errorOf('Email')).toBe(privacyRequestMessages.email);
    expect(errorOf('I am the consumer named above')).toBe(privacyRequestMessages.confirm);
    expect(errorOf('Full name')).toBeUndefined();
  });

  it('shows a field the server refused beside it, in words', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(400, {
        status: 'error',
        message: 'Invalid request body: name: must not contain control characters',
      }),
    );
    await fillValid();
    await submit();
    expect(errorOf('Full name')).toBe(
      'Full name contains characters we cannot accept. Please retype it.',
    );
    expect(view.container.querySelector('[role="alert"]')?.textContent).toBe(
      'Please check the fields marked above.',
    );
  });

  it("shows the server's message when it refuses for too many requests", async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(429, {
        status: 'error',
        message: 'Too many attempts. Please wait a few minutes and try again.',
      }),
    );
    await fillValid();
    await submit();
    expect(view.container.querySelector('[role="alert"]')?.textContent).toBe(
      'Too many attempts. Please wait a few minutes and try again.',
    );
    expect(view.container.querySelector('form')).not.toBeNull();
  });
});

describe('PrivacyRequestForm for a logged-in patient', () => {
  it('starts with the name, email and state of the account', async () => {
    await view.unmount();
    setSession(
      testSession({
        id: 3,
        first_name: 'Rosa',
        last_name: 'Park',
        email: 'rosa@example.com',
        state: 'TX',
      }),
    );
    view = await renderRoutes(routes, '/legal/ccpa-opt-out');
    expect(control<HTMLInputElement>('Full name').value).toBe('Rosa Park');
    expect(control<HTMLInputElement>('Email').value).toBe('rosa@example.com');
    expect(control<HTMLSelectElement>('State of residence').value).toBe('TX');
  });
});

describe('PrivacyRequestForm with Global Privacy Control', () => {
  it('says the browser is already treated as opted out', async () => {
    await view.unmount();
    (navigator as { globalPrivacyControl?: boolean }).globalPrivacyControl = true;
    view = await renderRoutes(routes, '/legal/ccpa-opt-out');
    expect(view.container.textContent).toContain('Global Privacy Control signal');
  });
});
