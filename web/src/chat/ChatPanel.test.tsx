/**
 * The chat widget's registration (spec 000 "Chat"): a visitor without a profile gives first
 * name, last name and email; the messages of spec 000 section 8 verbatim; "Existing user found."
 * sends the visitor to log in with page_ref Checkouts; a registered profile is kept for the next
 * visit. The conversation itself is driven by a real server in web/e2e/chat.spec.ts.
 */
import { chatMessages } from '@clinic/contracts';
import {
  alertText,
  input,
  renderRoutes,
  settle,
  submit,
  type,
  where,
} from '../account/testing/kit';
import { installFetchMock, jsonResponse, type FetchMock } from '../test-utils/fetchMock';
import type { Rendered } from '../test-utils/render';
import { browserKeys } from '../session/browserStorage';
import ChatPanel, { chatPresence } from './ChatPanel';
import { readChatProfile } from './chatProfile';

/** Where the mocked socket gets to once asked to connect (it stays "connecting" by default). */
let mockReached: 'connecting' | 'connected' = 'connecting';

jest.mock('./chatConnection', () => ({
  // The socket is not under test here: a connection that says where it got to.
  ChatConnection: class {
    constructor(private readonly options: { onStatus(status: string): void }) {}
    connect() {
      if (mockReached !== 'connecting') this.options.onStatus(mockReached);
    }
    close() {}
  },
}));

let fetchMock: FetchMock;
let view: Rendered | undefined;
const availability = {
  status: 'success',
  chat: {
    staffedNow: true,
    hours: 'Monday to Friday, 8 AM to 8 PM Pacific Time',
    expectation: 'We usually reply within 5 minutes.',
  },
  doctor: { expectation: 'Your doctor replies within 24 hours.', messagingUrl: null },
};

/** Opens the panel as /support has it: outside React Query's scope (routes.tsx). */
async function open(): Promise<Rendered> {
  view = await renderRoutes(
    [
      { path: '/support', element: <ChatPanel onClose={() => undefined} /> },
      { path: '/login', element: <p>login</p> },
    ],
    '/support',
  );
  await settle();
  await settle();
  return view;
}

function answer(chatUser: () => Response) {
  fetchMock.mockImplementation(async (url) => {
    const path = String(url);
    if (path.includes('/api/chat-availability')) return jsonResponse(200, availability);
    if (path.includes('/api/chat-user')) return chatUser();
    return jsonResponse(404, { status: 'error', message: 'not here' });
  });
}

beforeEach(() => {
  localStorage.clear();
  mockReached = 'connecting';
  fetchMock = installFetchMock();
});
afterEach(async () => {
  await view?.unmount();
  view = undefined;
});

async function register(v: Rendered, first: string, last: string, email: string) {
  await type(input(v, 'First name'), first);
  await type(input(v, 'Last name'), last);
  await type(input(v, 'Email'), email);
  await submit(v);
}

it('shows the reply time and hours, and asks for the name and a valid email', async () => {
  answer(() => jsonResponse(500, {}));
  const v = await open();
  expect(v.container.textContent).toContain('We usually reply within 5 minutes.');
  expect(v.container.textContent).toContain('Monday to Friday, 8 AM to 8 PM Pacific Time');
  await register(v, 'Vera', ' ', 'vera@example.com');
  expect(alertText(v)).toBe(chatMessages.registrationNeedsName);
  await register(v, 'Vera', 'Visitor', 'vera@');
  expect(alertText(v)).toBe(chatMessages.registrationNeedsEmail);
  expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/api/chat-user'))).toBe(false);
});

it('keeps the new profile and opens the chat', async () => {
  answer(() =>
    jsonResponse(200, {
      status: 'success',
      message: chatMessages.profileCreated,
      user: {
        id: 7,
        first_name: 'Vera',
        last_name: 'Visitor',
        email: 'vera@example.com',
        chat_token: 'tok',
      },
    }),
  );
  const v = await open();
  await register(v, 'Vera', 'Visitor', 'Vera@Example.com');
  const sent = fetchMock.mock.calls.find(([url]) => String(url).includes('/api/chat-user'));
  expect(JSON.parse(String(sent?.[1]?.body))).toEqual({
    first_name: 'Vera',
    last_name: 'Visitor',
    email: 'vera@example.com',
    source_web: 2,
    user_type: 'chat',
  });
  expect(readChatProfile()).toMatchObject({ id: 7, chat_token: 'tok' });
  expect(v.container.querySelector('#chat-draft')).not.toBeNull();
});

it('sends an email that has an account to log in, with page_ref Checkouts', async () => {
  answer(() => jsonResponse(200, { status: 'exists', message: chatMessages.existingUser }));
  const v = await open();
  await register(v, 'Pat', 'Patient', 'pat@example.com');
  expect(where(v)).toBe('/login?page_ref=Checkouts');
});

it('says "An error occurred while creating chat profile." when the call fails', async () => {
  answer(() => jsonResponse(500, { status: 'error', message: 'boom' }));
  const v = await open();
  await register(v, 'Vera', 'Visitor', 'vera@example.com');
  expect(alertText(v)).toBe(chatMessages.registrationFailed);
});

describe('the status dot says what the staffed hours say', () => {
  const visitor = {
    id: 7,
    first_name: 'Vera',
    last_name: 'Visitor',
    email: 'vera@example.com',
    chat_token: 'tok',
  };
  const statusLine = (v: Rendered) => v.container.querySelector('.chat-panel__status');

  async function openConnected(staffedNow: boolean): Promise<Rendered> {
    localStorage.setItem(browserKeys.chatProfile, JSON.stringify(visitor));
    mockReached = 'connected';
    fetchMock.mockImplementation(async (url) =>
      String(url).includes('/api/chat-availability')
        ? jsonResponse(200, {
            ...availability,
            chat: {
              ...availability.chat,
              staffedNow,
              expectation: staffedNow
                ? availability.chat.expectation
                : "We're away right now. Leave a message and we'll reply tomorrow at 7 AM.",
            },
          })
        : jsonResponse(404, { status: 'error', message: 'not here' }),
    );
    return open();
  }

  it('outside the hours: "Away" beside "We\'re away right now", never "Online"', async () => {
    const v = await openConnected(false);
    expect(v.container.textContent).toContain("We're away right now.");
    expect(statusLine(v)?.textContent).toBe('Away');
    expect(statusLine(v)?.className).toContain('chat-panel__status--away');
    expect(v.container.textContent).not.toContain('Online');
  });

  it('in the hours: "Online"', async () => {
    const v = await openConnected(true);
    expect(statusLine(v)?.textContent).toBe('Online');
    expect(statusLine(v)?.className).toContain('chat-panel__status--online');
  });

  it('connected before the hours are known: plainly "Connected"', () => {
    expect(chatPresence('connected', null)).toEqual({ kind: 'connected', text: 'Connected' });
    expect(chatPresence('reconnecting', false).text).toBe('Reconnecting…');
  });
});
