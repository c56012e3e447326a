import {
  doctorChatLimits,
  doctorMessages,
  refusedFileText,
  type DoctorChatMessage,
} from '@clinic/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { FakeXhr, installFakeXhr } from '../../test-utils/xhr';
import { chooseFile, typeText } from '../../medical-form/testing/harness';
import { setSession } from '../../session/session';
import { render, type Rendered } from '../../test-utils/render';
import { testSession } from '../../test-utils/session';
import { fail, fakeApi, flush, ok, type FakeApi } from '../../verify/testing/harness';
import { orderItemsQuery } from '../orderItemsApi';
import { orderItemsAnswer, progressItem } from '../orders/fixtures';
import DoctorTab from './DoctorTab';
import { messagesRefreshMs } from './doctorApi';
import { initialsOf } from './DoctorProfileCard';
import { attachmentKind } from '../../uploads/AttachmentLinks';

let api: FakeApi;
let view: Rendered | undefined;
const root = () => view!.container;

const expectation = "Your doctor replies within 24 hours, and we'll text you when they do.";
const availability = (messagingUrl: string | null = null) =>
  ok({
    status: 'success',
    chat: { staffedNow: true, hours: 'Monday to Friday', expectation: 'A few minutes' },
    doctor: { expectation, messagingUrl },
  });
const profile = (image = '') =>
  ok({
    status: 'success',
    case: { name: 'Dr. Maria Alvarez', npi: '1234567890', bio: 'Obesity medicine.', image },
  });

function message(over: Partial<DoctorChatMessage>): DoctorChatMessage {
  return {
    id: 1,
    message: 'Hello',
    in_out: 0,
    is_doctor: true,
    created_at: '2026-11-24T15:00:00.000Z',
    attachments: [],
    author: null,
    ...over,
  };
}
const messagesAnswer = (messages: DoctorChatMessage[]) => ok({ success: true, messages });

function withOrder(provider: number | null = null) {
  api.on(
    'GET /api/order-items',
    ok({
      ...orderItemsAnswer([
        progressItem({ id: 52, external_visit_id: 'enc-52', provider }),
        progressItem({ id: 41, external_visit_id: 'enc-41', provider: 2 }),
      ]),
      health_id: 'H-1',
    }),
  );
}

async function show() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  view = await render(
    <QueryClientProvider client={client}>
      <DoctorTab query={orderItemsQuery} />
    </QueryClientProvider>,
  );
  await settle();
}

/**
 * Waits until every read the tab started is answered and shown. React Query tells the tab on a
 * real timer, so counting microtask flushes alone misses it on a busy machine.
 */
async function settle() {
  for (let seen = -1; seen !== api.fetch.mock.calls.length;) {
    seen = api.fetch.mock.calls.length;
    await act(async () => {
      await Promise.allSettled(api.fetch.mock.results.map((r) => r.value as Promise<unknown>));
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    await flush();
  }
}

const textBox = () => root().querySelector<HTMLTextAreaElement>('textarea')!;
const fileInput = () => root().querySelector<HTMLInputElement>('input[type="file"]')!;
const sendButton = () =>
  [...root().querySelectorAll('button')].find((b) => b.textContent === 'Send')!;
const senders = () =>
  [...root().querySelectorAll('[data-testid="sender"]')].map((s) => s.textContent);
async function send() {
  await act(async () => sendButton().click());
  for (let i = 0; i < 6; i++) await flush();
}
/** How many times the messages were read. */
const reads = () =>
  api.fetch.mock.calls.filter(
    ([url, init]) => url === '/api/provider-messages' && init?.method === 'GET',
  ).length;
/** The JSON bodies POSTed to /api/provider-messages (the PUT of a file is no JSON). */
const posted = () =>
  api.fetch.mock.calls
    .filter(([url, init]) => url === '/api/provider-messages' && init?.method === 'POST')
    .map(([, init]) => JSON.parse(String(init!.body)) as unknown);

beforeEach(() => {
  localStorage.clear();
  // The storage takes every signed PUT.
  installFakeXhr(200);
  setSession(testSession({ token: 't', id: 1, first_name: 'Ana' }));
  api = fakeApi();
  withOrder();
  api.on('GET /api/chat-availability', availability());
  api.on('GET /api/get-doc-profile/enc-52', profile());
  api.on('GET /api/provider-messages', messagesAnswer([]));
});
afterEach(async () => {
  await view?.unmount();
  view = undefined;
  jest.restoreAllMocks();
  jest.useRealTimers();
});

describe('DoctorTab', () => {
  it("shows the newest visit's doctor, the reply time and the greeting of an empty chat", async () => {
    await show();
    const card = root().querySelector('.doctor-card')!;
    expect(card.querySelector('h3')?.textContent).toBe('Dr. Maria Alvarez');
    expect(card.textContent).toContain('NPI 1234567890');
    expect(card.textContent).toContain('Obesity medicine.');
    // no photo: the initials instead
    expect(card.querySelector('img')).toBeNull();
    expect(card.querySelector('.doctor-card__initials')?.textContent).toBe('MA');
    expect(root().textContent).toContain(expectation);

    const list = root().querySelector('ol[aria-label="Messages"]')!;
    expect(list.querySelectorAll('li')).toHaveLength(1);
    expect(list.textContent).toContain(doctorMessages.greeting);
    expect(root().querySelector('iframe')).toBeNull();
  });

  it("shows the doctor's photo with its alt text, and keeps a profile failure silent", async () => {
    api.on('GET /api/get-doc-profile/enc-52', profile('https://img.test/dr.jpg'));
    await show();
    const img = root().querySelector<HTMLImageElement>('.doctor-card img')!;
    expect(img.getAttribute('src')).toBe('https://img.test/dr.jpg');
    expect(img.alt).toBe('Photo of Dr. Maria Alvarez');
    await view!.unmount();

    api.on('GET /api/get-doc-profile/enc-52', fail(500, 'Boom'));
    await show();
    expect(root().querySelector('.doctor-card')).toBeNull();
    expect(root().textContent).not.toContain('Boom');
    expect(root().querySelector('[role="alert"]')).toBeNull();
    // the chat is still there
    expect(root().textContent).toContain(doctorMessages.greeting);
  });

  it("labels received messages Doctor or Support, puts the patient's on the other side, files as links", async () => {
    api.on(
      'GET /api/provider-messages',
      messagesAnswer([
        message({ id: 1, in_out: 1, is_doctor: false, message: 'I feel nauseous.' }),
        message({
          id: 2,
          is_doctor: true,
          author: 'Dr. Maria Alvarez',
          message: 'Try smaller meals.',
          attachments: [
            { url: 'https://files.test/a.pdf?sig=1', type: 'application/pdf', name: 'diet.pdf' },
            { url: 'https://files.test/b.jpg?sig=2', type: 'image/jpeg', name: 'plate.jpg' },
          ],
        }),
        message({ id: 3, is_doctor: false, message: 'Your order shipped.' }),
      ]),
    );
    await show();
    expect(root().textContent).not.toContain(doctorMessages.greeting);
    const items = [...root().querySelectorAll('ol[aria-label="Messages"] > li')];
    expect(items.map((li) => li.className)).toEqual([
      'doctor-msg doctor-msg--sent',
      'doctor-msg doctor-msg--received',
      'doctor-msg doctor-msg--received',
    ]);
    expect(senders()).toEqual(['Doctor · Dr. Maria Alvarez', 'Support']);
    expect(items[0]!.querySelector('[data-testid="sender"]')).toBeNull();
    const links = [...items[1]!.querySelectorAll<HTMLAnchorElement>('a')];
    expect(links.map((a) => [a.href, a.querySelector('.doctor-file__name')?.textContent])).toEqual([
      ['https://files.test/a.pdf?sig=1', 'diet.pdf'],
      ['https://files.test/b.jpg?sig=2', 'plate.jpg'],
    ]);
    expect(links.map((a) => a.dataset.kind)).toEqual(['document', 'image']);
    expect(items[1]!.querySelector('time')?.getAttribute('dateTime')).toBe(
      '2026-11-24T15:00:00.000Z',
    );
  });

  it('alerts a file over 5 MB with its name and keeps it out of the message', async () => {
    const alert = jest.spyOn(window, 'alert').mockImplementation(() => undefined);
    await show();
    expect(fileInput().accept).toBe(doctorChatLimits.acceptedTypes.map((t) => `.${t}`).join(','));
    const big = new File(['x'], 'scan.pdf', { type: 'application/pdf' });
    Object.defineProperty(big, 'size', { value: doctorChatLimits.attachmentMaxBytes + 1 });
    await chooseFile(fileInput(), big);
    expect(alert).toHaveBeenCalledWith('File "scan.pdf" is too large. Maximum size is 5 MB.');
    expect(root().querySelector('[aria-label="Files to send"]')).toBeNull();
  });

  it('sends nothing for a blank message without a file, and counts to 256', async () => {
    await show();
    await typeText(textBox(), '   ');
    await send();
    expect(posted()).toEqual([]);
    expect(textBox().maxLength).toBe(256);
    expect(root().textContent).toContain('3/256');
  });

  it('uploads each file, sends the message to the newest visit and reloads the list', async () => {
    api.on('POST /api/get-signed-url', {
      status: 200,
      body: {
        success: true,
        url: 'https://store.test/put/1',
        upload_url: 'https://store.test/put/1',
        file_name: 'doctor-chat_1_labs.pdf',
      },
    });
    api.on('POST /api/provider-messages', ok({ success: true, apiResponse: { id: 9 } }));
    await show();
    const before = reads();

    await typeText(textBox(), ' My labs are attached. ');
    await chooseFile(fileInput(), new File(['%PDF'], 'labs.pdf', { type: 'application/pdf' }));
    expect(root().querySelector('[aria-label="Files to send"]')?.textContent).toContain('labs.pdf');
    api.on(
      'GET /api/provider-messages',
      messagesAnswer([message({ id: 9, in_out: 1, message: 'My labs are attached.' })]),
    );
    await send();

    const signed = api.fetch.mock.calls.find(([url]) => url === '/api/get-signed-url')!;
    expect(JSON.parse(String(signed[1]!.body))).toMatchObject({ content_type: 'application/pdf' });
    const [put] = FakeXhr.sent;
    expect([put!.method, put!.url]).toEqual(['PUT', 'https://store.test/put/1']);
    expect(put!.headers['Content-Type']).toBe('application/pdf');
    expect(posted()).toEqual([
      {
        message: 'My labs are attached.',
        latestEncounterId: 'enc-52',
        attachments: [{ url: 'doctor-chat_1_labs.pdf', type: 'application/pdf', name: 'labs.pdf' }],
      },
    ]);
    expect(reads()).toBe(before + 1);
    expect(textBox().value).toBe('');
    expect(root().querySelector('[aria-label="Files to send"]')).toBeNull();
    expect(root().querySelector('.doctor-msg--sent')?.textContent).toContain(
      'My labs are attached.',
    );
  });

  it("reads the messages again every 30 seconds while the page is visible, so the doctor's answer appears", async () => {
    const answered = () =>
      !!root()
        .querySelector('.doctor-msg--received')
        ?.textContent?.includes('Yes, in the first weeks.');
    // Only the interval is faked: React Query's refetchInterval runs on setInterval, while the
    // rest (its notifications, the fetch mock) keeps real timers.
    jest.useFakeTimers({ doNotFake: ['setTimeout', 'clearTimeout', 'queueMicrotask', 'Date'] });
    api.on(
      'GET /api/provider-messages',
      messagesAnswer([message({ id: 1, in_out: 1, message: 'Is nausea normal?' })]),
    );
    await show();
    const before = reads();
    expect(root().querySelectorAll('.doctor-msg')).toHaveLength(1);

    api.on(
      'GET /api/provider-messages',
      messagesAnswer([
        message({ id: 1, in_out: 1, message: 'Is nausea normal?' }),
        message({ id: 2, message: 'Yes, in the first weeks.', author: 'Dr. Maria Alvarez' }),
      ]),
    );
    await act(async () => jest.advanceTimersByTime(messagesRefreshMs - 1_000));
    await flush();
    expect(reads()).toBe(before);
    await act(async () => jest.advanceTimersByTime(1_000));
    // The read and React Query's notification settle on real timers: wait for them, bounded.
    for (let i = 0; i < 50 && !answered(); i++) await flush();
    expect(reads()).toBe(before + 1);
    expect(answered()).toBe(true);

    // A hidden page is not polled.
    const visibility = jest.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    await act(async () => jest.advanceTimersByTime(3 * messagesRefreshMs));
    await flush();
    expect(reads()).toBe(before + 1);
    visibility.mockRestore();
  });

  it('says which file the server refused and why (a text file named .png), takes it off the message and keeps the text', async () => {
    api.on('POST /api/get-signed-url', {
      status: 200,
      body: {
        success: true,
        url: 'https://store.test/put/1',
        upload_url: 'https://store.test/put/1',
        file_name: 'doctor-chat_1_notes.png',
      },
    });
    api.on(
      'POST /api/provider-messages',
      fail(400, refusedFileText('notes.png'), { attachment: 'notes.png' }),
    );
    await show();
    await typeText(textBox(), 'My report');
    await chooseFile(
      fileInput(),
      new File(['Blood sugar 5.4'], 'notes.png', { type: 'image/png' }),
    );
    jest.useFakeTimers();
    await act(async () => sendButton().click());
    for (let i = 0; i < 8; i++) await act(async () => await Promise.resolve());
    const alert = () => root().querySelector('[role="alert"]')?.textContent;
    expect(alert()).toBe(
      '"notes.png" was not sent: it is not the kind of file its name says (.png). Please attach another file.',
    );
    expect(root().querySelector('[aria-label="Files to send"]')).toBeNull();
    expect(textBox().value).toBe('My report');
    // The reason stays until the patient sends again: it is what they must act on.
    await act(async () => jest.advanceTimersByTime(10_000));
    expect(alert()).toBe(refusedFileText('notes.png'));
  });

  it('says an upload or a send failed, for 3 seconds', async () => {
    api.on('POST /api/get-signed-url', fail(500));
    api.on('POST /api/provider-messages', fail(502, 'Bad gateway'));
    await show();
    await chooseFile(fileInput(), new File(['x'], 'a.txt', { type: 'text/plain' }));
    await send();
    expect(root().querySelector('[role="alert"]')?.textContent).toBe(doctorMessages.uploadFailed);
    expect(posted()).toEqual([]);

    await act(async () =>
      root().querySelector<HTMLButtonElement>('[aria-label="Remove a.txt"]')!.click(),
    );
    jest.useFakeTimers();
    await typeText(textBox(), 'Hello doctor');
    await act(async () => sendButton().click());
    for (let i = 0; i < 6; i++) await act(async () => await Promise.resolve());
    expect(root().querySelector('[role="alert"]')?.textContent).toBe(doctorMessages.sendFailed);
    expect(textBox().value).toBe('Hello doctor');
    await act(async () => jest.advanceTimersByTime(3000));
    expect(root().querySelector('[role="alert"]')).toBeNull();
  });

  it('shows provider 1 its outside messaging page when one is configured', async () => {
    withOrder(1);
    api.on('GET /api/chat-availability', availability('https://messaging.test/patient'));
    await show();
    const frame = root().querySelector('iframe')!;
    expect(frame.title).toBe('Message your doctor');
    expect(frame.getAttribute('src')).toBe('https://messaging.test/patient');
    expect(root().querySelector('ol[aria-label="Messages"]')).toBeNull();
    // the doctor's card and the support button stay
    for (let i = 0; i < 20 && !root().querySelector('.doctor-card'); i++) await flush();
    expect(root().querySelector('.doctor-card')).not.toBeNull();
    expect(root().textContent).toContain(doctorMessages.chatWithSupport);
  });

  it('uses the built-in chat for provider 1 without a messaging page, and for other providers', async () => {
    withOrder(1);
    await show();
    expect(root().querySelector('iframe')).toBeNull();
    expect(root().textContent).toContain(doctorMessages.greeting);
    await view!.unmount();

    withOrder(2);
    api.on('GET /api/chat-availability', availability('https://messaging.test/patient'));
    await show();
    expect(root().querySelector('iframe')).toBeNull();
    expect(root().querySelector('ol[aria-label="Messages"]')).not.toBeNull();
  });

  it("opens the support chat from 'Chat with Customer Service'", async () => {
    await show();
    const button = [...root().querySelectorAll('button')].find(
      (b) => b.textContent === doctorMessages.chatWithSupport,
    )!;
    expect(button.getAttribute('aria-expanded')).toBe('false');
    await act(async () => button.click());
    for (let i = 0; i < 6; i++) await flush();
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(root().querySelector('.chat-widget .chat-panel')).not.toBeNull();
  });
});

describe('initialsOf', () => {
  it('takes the first and last name without the title or degree', () => {
    expect(initialsOf('Dr. Maria Alvarez, MD')).toBe('MA');
    expect(initialsOf('Casey')).toBe('C');
    expect(initialsOf('')).toBe('?');
  });
});

describe('attachmentKind', () => {
  it('reads a content type or, as the server may send it, an extension', () => {
    expect(attachmentKind({ type: 'image/png', name: 'x' })).toBe('image');
    expect(attachmentKind({ type: 'jpg', name: 'photo' })).toBe('image');
    expect(attachmentKind({ type: 'mov', name: 'clip.mov' })).toBe('video');
    expect(attachmentKind({ type: 'pdf', name: 'labs.pdf' })).toBe('document');
    expect(attachmentKind({ type: '', name: 'notes.txt' })).toBe('document');
  });
});
