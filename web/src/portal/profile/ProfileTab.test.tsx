import { act } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { profileMessages, reuploadMessages, uploadMessages } from '@clinic/contracts';
import { buttonByText, byLabel, choose, click, flush, type } from '../../intake/testing/dom';
import { getSession, setSession } from '../../session/session';
import { installFetchMock, jsonResponse, type FetchMock } from '../../test-utils/fetchMock';
import { render, type Rendered } from '../../test-utils/render';
import { testSession } from '../../test-utils/session';
import { TOAST_MS } from '../../ui';
import { orderItemsQuery } from '../orderItemsApi';
import { imageFile } from '../../test-utils/xhr';
import { orderItemsAnswer, progressItem } from '../orders/fixtures';
import ProfileTab, { profileTexts } from './ProfileTab';

const profile = {
  first_name: 'Ana',
  last_name: 'Lopez',
  email: 'ana@example.com',
  phone: '5125550188',
  gender: 'Female',
  weight: 180,
  weight_at: null,
  height_inch: 66,
  text_updates: false,
  preferred_categories: ['WEIGHT'],
  created_at: '2026-11-01T10:00:00.000Z',
};
const address = {
  address_line_1: '1 Main St',
  address_line_2: null,
  city: 'Austin',
  state: 'TX',
  zip: '78701',
};

type Answer = { status: number; body: unknown };
let fetchMock: FetchMock;
let answers: Record<string, Answer>;
let view: Rendered | undefined;

const sent = (method: string, path: string): unknown[] =>
  fetchMock.mock.calls
    .filter(([url, init]) => String(url) === path && (init?.method ?? 'GET') === method)
    .map(([, init]) => JSON.parse(String(init?.body ?? 'null')) as unknown);

beforeEach(() => {
  setSession(testSession({ token: 't', id: 1, first_name: 'Ana' }));
  answers = {
    'GET /api/profile': { status: 200, body: { status: 'success', profile } },
    'GET /api/ship-address': { status: 200, body: { status: 'success', data: address } },
    'GET /api/order-items': { status: 200, body: orderItemsAnswer([]) },
    'GET /api/weight-history': { status: 200, body: { weights: [] } },
    'POST /api/update-profile': {
      status: 200,
      body: { status: 'success', message: 'Profile updated!' },
    },
    'POST /api/ship-address': {
      status: 200,
      body: { status: 'success', message: 'Address updated successfully!', address },
    },
    'POST /api/update-password': {
      status: 200,
      body: { status: 'success', message: 'Password updated!' },
    },
  };
  fetchMock = installFetchMock();
  fetchMock.mockImplementation(async (input, init) => {
    const key = `${init?.method ?? 'GET'} ${String(input).split('?')[0]}`;
    const answer = answers[key];
    return answer
      ? jsonResponse(answer.status, answer.body)
      : jsonResponse(404, { status: 'error', message: 'Not found' });
  });
});
afterEach(async () => {
  jest.useRealTimers();
  await view?.unmount();
  view = undefined;
});

async function open() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  view = await render(
    <QueryClientProvider client={client}>
      <ProfileTab query={orderItemsQuery} />
    </QueryClientProvider>,
  );
  for (let i = 0; i < 4; i++) await flush();
  return view.container;
}

/** The checkbox inside the label that reads `text` (ui/Checkbox wraps its input). */
const box = (root: ParentNode, text: string) => {
  const label = [...root.querySelectorAll('label.check')].find((l) => l.textContent === text);
  if (!label) throw new Error(`No checkbox "${text}"`);
  return label.querySelector('input')!;
};
const input = (root: ParentNode, id: string) => root.querySelector<HTMLInputElement>(`#${id}`)!;
const messageIn = (root: ParentNode, form: string) =>
  root.querySelector(`#${form} .form-message`)?.textContent ?? null;

describe('ProfileTab', () => {
  it("shows the patient's profile and address in the four sections", async () => {
    const root = await open();
    expect(root.querySelector('h2')?.textContent).toBe(profileTexts.title);
    const titles = [...root.querySelectorAll('h3')].map((h) => h.textContent);
    expect(titles).toEqual([
      'Contact info',
      'Physical info',
      'Preferred categories',
      'Shipping address',
      'Password',
    ]);
    expect(byLabel(root, 'First name').value).toBe('Ana');
    expect(byLabel(root, 'Email').value).toBe('ana@example.com');
    expect(['1', '2', '3'].map((n) => input(root, `profile-phone-${n}`).value)).toEqual([
      '512',
      '555',
      '0188',
    ]);
    expect(byLabel<HTMLSelectElement>(root, 'Gender').value).toBe('Female');
    expect(byLabel(root, 'Height (ft)').value).toBe('5');
    expect(byLabel(root, 'Height (in)').value).toBe('6');
    expect(byLabel(root, 'Weight (lbs)').value).toBe('180');
    expect(box(root, 'Text me updates').checked).toBe(false);
    expect(box(root, 'Weight').checked).toBe(true);
    expect(byLabel(root, 'Address line 1').value).toBe('1 Main St');
    expect(byLabel(root, 'Zip').maxLength).toBe(10);
    // No submitted assessment: nothing to upload again.
    expect(root.querySelector('#reupload-form')).toBeNull();
  });

  it('shows the weight the patient reported last: a refill check-in after the quiz', async () => {
    answers['GET /api/weight-history'] = {
      status: 200,
      body: {
        weights: [
          { at: '2026-11-02T10:00:00.000Z', pounds: 180, source: 'intake' },
          { at: '2026-11-03T10:00:00.000Z', pounds: 176, source: 'assessment' },
          { at: '2026-12-01T10:00:00.000Z', pounds: 171.5, source: 'refill' },
        ],
      },
    };
    const root = await open();
    expect(byLabel(root, 'Weight (lbs)').value).toBe('171.5');
  });

  it("keeps a weight typed here after the last report, and the profile's when the history fails", async () => {
    answers['GET /api/profile'] = {
      status: 200,
      body: {
        status: 'success',
        profile: { ...profile, weight: 178, weight_at: '2026-11-20T10:00:00.000Z' },
      },
    };
    answers['GET /api/weight-history'] = {
      status: 200,
      body: { weights: [{ at: '2026-11-03T10:00:00.000Z', pounds: 176, source: 'assessment' }] },
    };
    let root = await open();
    expect(byLabel(root, 'Weight (lbs)').value).toBe('178');
    await view!.unmount();

    answers['GET /api/weight-history'] = { status: 500, body: { status: 'error', message: 'x' } };
    root = await open();
    expect(byLabel(root, 'Weight (lbs)').value).toBe('178');
  });

  it('says so when the profile cannot be loaded', async () => {
    answers['GET /api/profile'] = { status: 500, body: { status: 'error', message: 'x' } };
    const root = await open();
    expect(root.querySelector('[role="alert"]')?.textContent).toContain(profileTexts.loadFailed);
  });

  it('saves the profile and shows "Profile updated!" for 3 seconds', async () => {
    const root = await open();
    await type(byLabel(root, 'First name'), 'Anna');
    await type(input(root, 'profile-phone-1'), '(212)');
    await type(input(root, 'profile-phone-2'), '555');
    await type(input(root, 'profile-phone-3'), '01479');
    await click(box(root, 'Text me updates'));
    await click(box(root, 'Skin'));
    await type(byLabel(root, 'Height (in)'), '14');
    expect(byLabel(root, 'Height (in)').value).toBe('11');
    jest.useFakeTimers();
    await click(buttonByText(root, 'Update Profile'));
    await act(async () => {
      for (let i = 0; i < 10; i++) await Promise.resolve();
    });
    expect(sent('POST', '/api/update-profile')).toEqual([
      {
        first_name: 'Anna',
        last_name: 'Lopez',
        email: 'ana@example.com',
        phone: '2125550147',
        gender: 'Female',
        weight: '180',
        height_inch: 71,
        text_updates: true,
        preferred_categories: ['WEIGHT', 'SKIN'],
      },
    ]);
    expect(messageIn(root, 'profile-form')).toBe('Profile updated!');
    // The portal greets by the new name.
    expect(getSession()?.user.first_name).toBe('Anna');
    await act(async () => jest.advanceTimersByTime(TOAST_MS - 1));
    expect(messageIn(root, 'profile-form')).toBe('Profile updated!');
    await act(async () => jest.advanceTimersByTime(1));
    expect(messageIn(root, 'profile-form')).toBeNull();
  });

  it.each([
    ['a blank last name', 'Last name', '', profileMessages.fullName],
    ['a bad email', 'Email', 'ana@example', profileMessages.email],
    ['a short phone', 'Line number', '01', profileMessages.phone],
    ['a weight of 0', 'Weight (lbs)', '0', profileMessages.weight],
  ])('refuses %s with the message and sends nothing', async (_c, label, value, message) => {
    const root = await open();
    await type(byLabel(root, label), value);
    await click(buttonByText(root, 'Update Profile'));
    await flush();
    expect(root.querySelector('#profile-form [role="alert"]')?.textContent).toBe(message);
    expect(sent('POST', '/api/update-profile')).toEqual([]);
  });

  it('refuses no gender and a height of 0', async () => {
    const root = await open();
    await choose(byLabel<HTMLSelectElement>(root, 'Gender'), '');
    await click(buttonByText(root, 'Update Profile'));
    expect(messageIn(root, 'profile-form')).toBe(profileMessages.gender);
    await choose(byLabel<HTMLSelectElement>(root, 'Gender'), 'Male');
    await type(byLabel(root, 'Height (ft)'), '0');
    await type(byLabel(root, 'Height (in)'), '0');
    await click(buttonByText(root, 'Update Profile'));
    expect(messageIn(root, 'profile-form')).toBe(profileMessages.height);
    expect(sent('POST', '/api/update-profile')).toEqual([]);
  });

  it("shows the server's message, else 'Failed to update profile'", async () => {
    answers['POST /api/update-profile'] = {
      status: 409,
      body: { status: 'error', message: profileMessages.emailTaken },
    };
    const root = await open();
    await click(buttonByText(root, 'Update Profile'));
    await flush();
    expect(messageIn(root, 'profile-form')).toBe(profileMessages.emailTaken);
    answers['POST /api/update-profile'] = { status: 500, body: undefined };
    await click(buttonByText(root, 'Update Profile'));
    await flush();
    expect(messageIn(root, 'profile-form')).toBe(profileMessages.profileFailed);
  });

  it("saves the address: 'Address updated!', else the server's message or 'Failed to update address'", async () => {
    const root = await open();
    await type(byLabel(root, 'Address line 2 (optional)'), 'Apt 4');
    await click(buttonByText(root, 'Update Address'));
    await flush();
    expect(sent('POST', '/api/ship-address')).toEqual([{ ...address, address_line_2: 'Apt 4' }]);
    expect(messageIn(root, 'address-form')).toBe(profileMessages.addressUpdated);

    answers['POST /api/ship-address'] = {
      status: 400,
      body: { status: 'error', message: 'We do not ship to P.O. boxes.' },
    };
    await click(buttonByText(root, 'Update Address'));
    await flush();
    expect(messageIn(root, 'address-form')).toBe('We do not ship to P.O. boxes.');
    answers['POST /api/ship-address'] = { status: 502, body: undefined };
    await click(buttonByText(root, 'Update Address'));
    await flush();
    expect(messageIn(root, 'address-form')).toBe(profileMessages.addressFailed);
  });

  it("changes the password: 'Passwords do not match', then 'Password updated!'", async () => {
    const root = await open();
    await type(byLabel(root, 'New password'), 'new-password-1');
    await type(byLabel(root, 'Confirm new password'), 'new-password-2');
    await click(buttonByText(root, 'Update Password'));
    expect(messageIn(root, 'password-form')).toBe(profileMessages.passwordsDoNotMatch);
    expect(sent('POST', '/api/update-password')).toEqual([]);

    await type(byLabel(root, 'Confirm new password'), 'new-password-1');
    await click(buttonByText(root, 'Update Password'));
    await flush();
    expect(sent('POST', '/api/update-password')).toEqual([
      { newPassword: 'new-password-1', confirmPassword: 'new-password-1' },
    ]);
    expect(messageIn(root, 'password-form')).toBe(profileMessages.passwordUpdated);
    expect(byLabel(root, 'New password').value).toBe('');
  });

  it('sends the current password an older login needs, and shows why it failed', async () => {
    answers['POST /api/update-password'] = {
      status: 403,
      body: { status: 'error', message: 'Your current password is not correct.' },
    };
    const root = await open();
    await type(byLabel(root, 'Current password'), 'old-password');
    await type(byLabel(root, 'New password'), 'new-password-1');
    await type(byLabel(root, 'Confirm new password'), 'new-password-1');
    await click(buttonByText(root, 'Update Password'));
    await flush();
    expect(sent('POST', '/api/update-password')).toEqual([
      {
        newPassword: 'new-password-1',
        confirmPassword: 'new-password-1',
        currentPassword: 'old-password',
      },
    ]);
    expect(messageIn(root, 'password-form')).toBe('Your current password is not correct.');
    answers['POST /api/update-password'] = { status: 500, body: undefined };
    await click(buttonByText(root, 'Update Password'));
    await flush();
    expect(messageIn(root, 'password-form')).toBe(profileMessages.passwordFailed);
  });

  describe('the image re-upload', () => {
    beforeEach(() => {
      answers['GET /api/order-items'] = {
        status: 200,
        body: orderItemsAnswer([progressItem({ id: 41, submitted: 1 })]),
      };
    });

    it('asks for a file, and for an image', async () => {
      const root = await open();
      expect(root.querySelector('#reupload-form')).not.toBeNull();
      await click(buttonByText(root, 'Submit'));
      expect(messageIn(root, 'reupload-form')).toBe(uploadMessages.selectFile);

      const file = new File(['%PDF'], 'scan.pdf', { type: 'application/pdf' });
      const picker = input(root, 'reupload-file');
      Object.defineProperty(picker, 'files', { value: [file], configurable: true });
      await act(async () => picker.dispatchEvent(new Event('change', { bubbles: true })));
      // Refused when chosen (ImageReupload.test.tsx: a non-photo by its bytes too).
      expect(messageIn(root, 'reupload-form')).toBe(uploadMessages.imageOnly);
      expect(sent('POST', '/api/get-signed-url')).toEqual([]);
    });

    it('says which step failed when the image cannot be prepared', async () => {
      const root = await open();
      const file = imageFile('me.png');
      const picker = input(root, 'reupload-file');
      Object.defineProperty(picker, 'files', { value: [file], configurable: true });
      await act(async () => picker.dispatchEvent(new Event('change', { bubbles: true })));
      await choose(byLabel<HTMLSelectElement>(root, 'Image'), 'full_body_image');
      // jsdom cannot decode an image: the resize fails before any upload.
      await click(buttonByText(root, 'Submit'));
      for (let i = 0; i < 4; i++) await flush();
      expect(messageIn(root, 'reupload-form')).toBe(reuploadMessages.preparing);
      expect(root.textContent).toContain(reuploadMessages.hint);
      expect(buttonByText(root, 'Try Again')).toBeTruthy();
    });
  });
});
