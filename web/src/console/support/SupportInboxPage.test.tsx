import { chatEvents } from '@clinic/contracts';
import type { Rendered } from '../../test-utils/render';
import { fail, fakeApi, submit, type, type FakeApi } from '../../verify/testing/harness';
import { buttonNamed, meAnswer, openConsole, until, where } from '../clinic/testing';
import { click, key, labelled } from '../pharmacy/testing';
import {
  accountAnswer,
  conversation,
  detailAnswer,
  foundAnswer,
  inboxAnswer,
  message,
  order,
  ordersAnswer,
  sockets,
  typeInto,
} from './testing';
import type * as Testing from './testing';

jest.mock('socket.io-client', () => ({
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  io: (options: unknown) => (require('./testing') as typeof Testing).fakeIo(options),
}));

let api: FakeApi;
let view: Rendered | undefined;
const root = () => view!.container;
const NOW = Date.parse('2026-11-24T12:30:00.000Z');
const INBOX = '/api/console/support/conversations';
const ONE = `${INBOX}/5`;

beforeEach(() => {
  localStorage.clear();
  sockets.length = 0;
  api = fakeApi();
  api.on('GET /api/console/me', meAnswer('support'));
  jest.spyOn(Date, 'now').mockReturnValue(NOW);
  window.scrollTo = jest.fn() as unknown as typeof window.scrollTo;
});
afterEach(async () => {
  await view?.unmount();
  view = undefined;
  jest.restoreAllMocks();
});

const rows = () => [...root().querySelectorAll<HTMLTableRowElement>('.sp-table tbody tr')];
const names = () => rows().map((r) => r.querySelector('.sp-row__name')?.textContent);
const hhmm = (iso: string) => {
  const d = new Date(iso);
  return `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
};

const waiting = [
  conversation({
    conversationId: 6,
    participant: { kind: 'visitor', id: 3, name: 'Vic Visitor' },
    email: 'vic@example.com',
    waitingSince: '2026-11-24T12:20:00.000Z',
    lastMessage: 'Do you ship to Alaska?',
    online: false,
  }),
  conversation({
    conversationId: 5,
    waitingSince: '2026-11-24T09:10:00.000Z',
    claimedBy: { id: 4, name: 'Sam Support' },
  }),
];

const chat = {
  conversation: conversation({ status: 'claimed', claimedBy: { id: 4, name: 'Sam Support' } }),
  messages: [
    message({ id: 1, content: 'Hi, where is my order?', timestamp: '2026-11-24T09:10:00.000Z' }),
    message({
      id: 2,
      role: 'system',
      content: 'Sam joined the chat.',
      timestamp: '2026-11-24T09:12:00.000Z',
    }),
    message({
      id: 3,
      role: 'assistant',
      author: 'Sam',
      content: 'Let me look.',
      timestamp: '2026-11-24T09:13:00.000Z',
    }),
  ],
};

describe('the support inbox', () => {
  it('lists the waiting chats oldest first: who, patient or visitor, online, the last message, claimed by, and the wait', async () => {
    api.on(`GET ${INBOX}?view=waiting`, inboxAnswer(waiting));
    view = await openConsole('/console/chat-inbox', 'support');

    expect(root().querySelector('h1')?.textContent).toBe('Chat inbox');
    expect(
      [...root().querySelectorAll('[role="tab"]')].map((t) => [
        t.textContent,
        t.getAttribute('aria-selected'),
      ]),
    ).toEqual([
      ['Waiting', 'true'],
      ['Mine', 'false'],
      ['Closed', 'false'],
    ]);
    expect(names()).toEqual(['Pat Patient', 'Vic Visitor']);
    const [pat, vic] = [rows()[0]!, rows()[1]!];
    expect(pat.querySelector('.sp-kind')?.textContent).toBe('Patient');
    expect(vic.querySelector('.sp-kind')?.textContent).toBe('Visitor');
    expect(pat.querySelector('.sp-dot')?.getAttribute('aria-label')).toBe('Online');
    expect(vic.querySelector('.sp-dot')?.getAttribute('aria-label')).toBe('Offline');
    expect(pat.querySelector('.sp-row__when')?.textContent).toBe('3 h 20 min');
    expect(vic.querySelector('.sp-row__when')?.textContent).toBe('10 min');
    expect(pat.querySelector('.sp-row__message')?.textContent).toBe('Where is my order?');
    expect(pat.querySelector('.sp-row__claimed')?.textContent).toBe('Claimed by Sam Support');
    expect(vic.querySelector('.sp-row__claimed')?.textContent).toBe('Unclaimed');
    expect(root().textContent).toContain('Choose a chat to read and answer it.');
  });

  it('shows Mine and Closed on their tabs, and says when a view is empty', async () => {
    api.on(`GET ${INBOX}?view=waiting`, inboxAnswer([]));
    api.on(`GET ${INBOX}?view=mine`, inboxAnswer([conversation({ status: 'claimed' })]));
    view = await openConsole('/console/chat-inbox', 'support');
    expect(root().textContent).toContain('No chats waiting');
    expect(root().textContent).toContain('Patient chats waiting for an answer will appear here.');

    await click(buttonNamed(root(), 'Mine'));
    await until(view, () => rows().length > 0);
    expect(where(view)).toBe('/console/chat-inbox?view=mine');
    expect(names()).toEqual(['Pat Patient']);
    expect(rows()[0]!.querySelector('.sp-row__when')?.textContent).toBe(
      hhmm('2026-11-24T12:00:00.000Z'),
    );
  });

  it("opens a chat: its messages (the person's, the agent's with their name, system lines), HH:mm times, and the patient's orders", async () => {
    api.on(`GET ${INBOX}?view=waiting`, inboxAnswer(waiting));
    api.on(`GET ${ONE}`, detailAnswer(chat));
    api.on(
      'GET /api/console/support/patients/7/orders',
      ordersAnswer([
        order(),
        order({
          orderId: 42,
          itemId: 'order-42',
          orderNumber: '#0042',
          status: 'pending_approval',
          statusLabel: 'Assessment not submitted',
          trackingNumber: null,
          carrier: null,
        }),
      ]),
    );
    view = await openConsole('/console/chat-inbox', 'support');
    await key(rows()[0]!, 'Enter');
    await until(view, () => root().querySelectorAll('.sp-order').length > 0);

    expect(where(view)).toBe('/console/chat-inbox/5');
    expect(rows()[0]!.getAttribute('aria-current')).toBe('true');
    const items = [...root().querySelectorAll('.sp-messages > li')];
    expect(items.map((m) => m.getAttribute('data-role'))).toEqual(['user', 'system', 'assistant']);
    expect(items[0]!.querySelector('.thread-msg__text')?.textContent).toBe(
      'Hi, where is my order?',
    );
    expect(items[0]!.querySelector('time')?.textContent).toBe(hhmm('2026-11-24T09:10:00.000Z'));
    expect(items[1]!.textContent).toBe(`Sam joined the chat. ${hhmm('2026-11-24T09:12:00.000Z')}`);
    expect(items[2]!.querySelector('.thread-msg__author')?.textContent).toBe('Sam');
    expect(root().querySelector('[data-testid="pane-status"]')?.textContent).toBe(
      'Claimed by Sam Support',
    );

    const account = root().querySelector('.sp-account')!;
    const orders = [...account.querySelectorAll('.sp-order')];
    expect(orders.map((o) => o.querySelector('.sp-order__status')?.textContent)).toEqual([
      'Shipped',
      'Assessment not submitted',
    ]);
    expect(orders[0]!.querySelector('.sp-order__tracking')?.textContent).toBe(
      'UPS 1Z999AA10123456784',
    );
    expect(orders[1]!.querySelector('.sp-order__tracking')).toBeNull();
    expect(orders[0]!.textContent).toContain('Order #0041');
    expect(orders[1]!.textContent).toContain('Order #0042');

    // The socket watches the open conversation.
    expect(sockets).toHaveLength(1);
    expect(sockets[0]!.options).toMatchObject({
      path: '/socket.io',
      transports: ['websocket'],
      auth: { token: 'tok' },
    });
    expect(sockets[0]!.emitted).toContainEqual([chatEvents.watch, { conversationId: 5 }]);
  });

  it('says a visitor has no account, and asks for no orders', async () => {
    api.on(`GET ${INBOX}?view=waiting`, inboxAnswer(waiting));
    api.on(
      `GET ${INBOX}/6`,
      detailAnswer({ conversation: waiting[0]!, messages: [message({ conversationId: 6 })] }),
    );
    view = await openConsole('/console/chat-inbox/6', 'support');
    await until(view, () => root().querySelector('.sp-account') !== null);
    expect(root().querySelector('[data-testid="visitor-note"]')?.textContent).toBe(
      'Visitor — no account',
    );
    expect(api.calls().some((c) => c.includes('/patients/'))).toBe(false);
  });

  it('claims and closes a chat', async () => {
    const open = { conversation: conversation(), messages: chat.messages.slice(0, 1) };
    api.on(`GET ${INBOX}?view=waiting`, inboxAnswer(waiting));
    api.on(`GET ${ONE}`, detailAnswer(open));
    api.on('GET /api/console/support/patients/7/orders', ordersAnswer([]));
    api.on(
      `POST ${ONE}/claim`,
      detailAnswer({
        conversation: conversation({ status: 'claimed', claimedBy: { id: 9, name: 'Casey C' } }),
        messages: [
          ...open.messages,
          message({ id: 50, role: 'system', content: 'Casey joined the chat.' }),
        ],
      }),
    );
    api.on(
      `POST ${ONE}/close`,
      detailAnswer({ conversation: conversation({ status: 'closed' }), messages: open.messages }),
    );
    view = await openConsole('/console/chat-inbox/5', 'support');
    await until(view, () => root().querySelector('.sp-messages') !== null);
    expect(root().textContent).toContain('Unclaimed');
    const status = () => root().querySelector('[data-testid="pane-status"]')?.textContent;

    await click(buttonNamed(root(), 'Claim'));
    await until(view, () => status() === 'Claimed by you');
    expect(api.calls()).toContain(`POST ${ONE}/claim`);
    expect(root().querySelector('[data-testid="pane-status"]')?.textContent).toBe('Claimed by you');
    expect(root().textContent).toContain('Casey joined the chat.');
    expect([...root().querySelectorAll('button')].some((b) => b.textContent === 'Claim')).toBe(
      false,
    );

    await click(buttonNamed(root(), 'Close'));
    await until(view, () => status() === 'Closed');
    expect(api.calls()).toContain(`POST ${ONE}/close`);
    expect(root().querySelector('[data-testid="pane-status"]')?.textContent).toBe('Closed');
    expect(root().querySelector<HTMLTextAreaElement>('.thread-reply__text')!.disabled).toBe(true);
  });

  it('replies: counts up to 256 characters, sends, and shows the server refusing', async () => {
    api.on(`GET ${INBOX}?view=waiting`, inboxAnswer(waiting));
    api.on(`GET ${ONE}`, detailAnswer(chat));
    api.on('GET /api/console/support/patients/7/orders', ordersAnswer([]));
    const answered = message({
      id: 60,
      role: 'assistant',
      author: 'Casey',
      content: 'On its way.',
    });
    api.on(
      `POST ${ONE}/messages`,
      fail(409, 'Another agent is answering this chat.'),
      fail(400, 'Please write a message.'),
      detailAnswer({ ...chat, messages: [...chat.messages, answered] }),
    );
    view = await openConsole('/console/chat-inbox/5', 'support');
    await until(view, () => root().querySelector('.thread-reply__text') !== null);
    const box = root().querySelector<HTMLTextAreaElement>('.thread-reply__text')!;
    const count = () => root().querySelector('.thread-reply__count')?.textContent;
    const send = () => buttonNamed(root(), 'Send');
    expect(count()).toBe('0/256');

    await typeInto(box, 'x'.repeat(257));
    expect(count()).toBe('257/256');
    expect(send().disabled).toBe(true);
    expect(root().querySelector('[role="alert"]')?.textContent).toBe(
      'Messages can be at most 256 characters.',
    );

    await typeInto(box, 'On its way.');
    expect(count()).toBe('11/256');
    await click(send());
    await until(view, () => root().querySelector('[role="alert"]') !== null);
    expect(root().querySelector('[role="alert"]')?.textContent).toBe(
      'Another agent is answering this chat.',
    );
    expect(box.value).toBe('On its way.');
    await click(send());
    await until(
      view,
      () => root().querySelector('[role="alert"]')?.textContent === 'Please write a message.',
    );
    expect(root().querySelector('[role="alert"]')?.textContent).toBe('Please write a message.');

    await click(send());
    await until(view, () => box.value === '');
    expect(api.sent(`POST ${ONE}/messages`)).toEqual([
      { message: 'On its way.' },
      { message: 'On its way.' },
      { message: 'On its way.' },
    ]);
    expect(root().querySelector('[role="alert"]')).toBeNull();
    expect(box.value).toBe('');
    expect(
      root().querySelector('.sp-messages > li:last-child .thread-msg__text')?.textContent,
    ).toBe('On its way.');
  });

  it("is live: reads the inbox again on 'inbox_changed' and appends the open chat's messages", async () => {
    api.on(`GET ${INBOX}?view=waiting`, inboxAnswer(waiting.slice(1)));
    api.on(`GET ${ONE}`, detailAnswer(chat));
    api.on('GET /api/console/support/patients/7/orders', ordersAnswer([]));
    view = await openConsole('/console/chat-inbox/5', 'support');
    await until(view, () => root().querySelector('.sp-messages') !== null);
    expect(names()).toEqual(['Pat Patient']);

    // One live socket (a render done again closes the one before).
    const open = sockets.filter((s) => !s.closed);
    expect(open).toHaveLength(1);
    const socket = open[0]!;
    const inboxReads = () => api.calls().filter((c) => c === `GET ${INBOX}?view=waiting`).length;
    const before = inboxReads();
    api.on(`GET ${INBOX}?view=waiting`, inboxAnswer(waiting));
    await socket.push(chatEvents.inboxChanged, {});
    await until(view, () => rows().length === 2);
    expect(inboxReads()).toBe(before + 1);
    expect(names()).toEqual(['Pat Patient', 'Vic Visitor']);

    const live = message({ id: 70, content: 'Thanks!', timestamp: '2026-11-24T12:29:00.000Z' });
    await socket.push(chatEvents.message, live);
    await socket.push(chatEvents.message, live);
    // Another conversation's message is not this one's.
    await socket.push(chatEvents.message, message({ id: 71, conversationId: 6, content: 'Hm' }));
    const texts = () => [...root().querySelectorAll('.thread-msg__text')].map((t) => t.textContent);
    await until(view, () => texts().length > 2);
    expect(texts()).toEqual(['Hi, where is my order?', 'Let me look.', 'Thanks!']);
  });

  it('closes its socket when the page goes', async () => {
    api.on(`GET ${INBOX}?view=waiting`, inboxAnswer([]));
    view = await openConsole('/console/chat-inbox', 'support');
    expect(sockets).toHaveLength(1);
    await view.unmount();
    view = undefined;
    expect(sockets[0]!.closed).toBe(true);
  });
});

describe('finding an order by its number', () => {
  const FIND = 'GET /api/console/support/orders?number=%230042';
  const search = async (typed: string) => {
    await type(labelled<HTMLInputElement>(root(), 'Find an order'), typed);
    await submit(root().querySelector<HTMLFormElement>('form[role="search"]')!);
    await until(view!, () => root().querySelector('[aria-busy="true"]') === null);
  };

  it('shows the order and its refills by the number the patient reads, however it is typed', async () => {
    api.on(`GET ${INBOX}?view=waiting`, inboxAnswer(waiting));
    api.on('GET /api/console/support/accounts/7', accountAnswer(5));
    api.on(
      FIND,
      foundAnswer([
        order({ orderId: 42, itemId: 'order-42', orderNumber: '#0042' }),
        order({
          orderId: 42,
          itemId: 'shipment-9',
          kind: 'refill',
          orderNumber: '#0042 (refill 1)',
          status: 'order_placed',
          statusLabel: 'Placed with the pharmacy',
          trackingNumber: null,
          carrier: null,
        }),
      ]),
    );
    view = await openConsole('/console/chat-inbox', 'support');
    expect(names()).toHaveLength(2);

    await search('order GLP-42');
    expect(api.calls()).toContain(FIND);
    expect(root().querySelector('[role="status"]')?.textContent).toBe('Order #0042 · Shipped');
    const found = [...root().querySelectorAll('.sp-found .sp-order')];
    expect(found.map((o) => o.querySelector('.sp-order__meta')?.textContent)).toEqual([
      'Order #0042 · Nov 20, 2026',
      'Order #0042 (refill 1) · Nov 20, 2026',
    ]);
    expect(found[1]!.querySelector('.sp-order__status')?.textContent).toBe(
      'Placed with the pharmacy',
    );
    expect(rows()).toEqual([]);

    await click(buttonNamed(root(), 'Show all'));
    expect(where(view)).toBe('/console/chat-inbox');
    expect(names()).toHaveLength(2);
  });

  it("names the order's patient and opens their chat, the account beside it, keeping the search", async () => {
    api.on(`GET ${INBOX}?view=waiting`, inboxAnswer(waiting));
    api.on(FIND, foundAnswer([order({ orderId: 42, itemId: 'order-42', orderNumber: '#0042' })]));
    api.on('GET /api/console/support/accounts/7', accountAnswer(5));
    api.on(`GET ${ONE}`, detailAnswer(chat));
    api.on(
      'GET /api/console/support/patients/7/orders',
      ordersAnswer([
        order({ orderId: 42, itemId: 'order-42', orderNumber: '#0042', status: 'order_delivered' }),
        order({ orderId: 40, itemId: 'order-40', orderNumber: '#0040', reshipRequest: 'refused' }),
      ]),
    );
    view = await openConsole('/console/chat-inbox', 'support');
    await search('#42');
    await until(view!, () => root().querySelector('[data-testid="found-patient"]') !== null);
    const found = root().querySelector('.sp-found')!;
    expect(found.querySelector('[data-testid="found-patient"]')?.textContent).toBe('Pat Patient');
    expect(found.textContent).toContain('pat@example.com');
    const open = [...found.querySelectorAll('a')].find(
      (a) => a.textContent === 'Open their chat and account',
    )!;
    expect(open.getAttribute('href')).toBe('/console/chat-inbox/5?number=%2342');
    await click(open);
    await until(view!, () => root().querySelectorAll('.sp-account .sp-order').length > 0);
    expect(where(view!)).toBe('/console/chat-inbox/5?number=%2342');
    expect(root().querySelector('#sp-pane-title')?.textContent).toContain('Pat Patient');
    // The account's orders say where each replacement request stands.
    const requests = [...root().querySelectorAll('.sp-account .sp-order')].map(
      (o) => o.querySelector('[data-testid="reship-request"]')?.textContent ?? null,
    );
    expect(requests).toEqual([null, 'Replacement refused']);
    // Back to the inbox is back to the order found.
    const back = [...root().querySelectorAll('a')].find((a) => a.textContent === '← Inbox')!;
    expect(back.getAttribute('href')).toBe('/console/chat-inbox?number=%2342');
  });

  it('opens the account of a patient who never wrote: who they are, their orders, a pending replacement', async () => {
    api.on(`GET ${INBOX}?view=waiting`, inboxAnswer(waiting));
    api.on(FIND, foundAnswer([order({ orderId: 42, itemId: 'order-42', orderNumber: '#0042' })]));
    api.on('GET /api/console/support/accounts/7', accountAnswer(null));
    api.on(
      'GET /api/console/support/patients/7/orders',
      ordersAnswer([
        order({
          orderId: 42,
          itemId: 'order-42',
          orderNumber: '#0042',
          status: 'order_delivered',
          statusLabel: 'Delivered',
          reshipRequest: 'waiting',
        }),
      ]),
    );
    view = await openConsole('/console/chat-inbox', 'support');
    await search('#42');
    await until(view!, () => root().querySelector('[data-testid="found-patient"]') !== null);
    const open = [...root().querySelectorAll('.sp-found a')].find(
      (a) => a.textContent === 'Open their account',
    )!;
    expect(open.getAttribute('href')).toBe('/console/chat-inbox?patient=7&number=%2342');
    await click(open);
    await until(view!, () => root().querySelectorAll('.sp-account .sp-order').length > 0);
    expect(root().querySelector('.sp-page')?.getAttribute('data-open')).toBe('true');
    expect(root().querySelector('[data-testid="pane-status"]')?.textContent).toBe('No chat yet');
    expect(root().querySelector('.sp-account__name')?.textContent).toBe('Pat Patient');
    expect(root().querySelector('.sp-account [data-testid="reship-request"]')?.textContent).toBe(
      'Replacement requested',
    );
  });

  it('says plainly when no order has the number, and refuses a name', async () => {
    api.on(`GET ${INBOX}?view=waiting`, inboxAnswer(waiting));
    api.on(FIND, foundAnswer([]));
    view = await openConsole('/console/chat-inbox', 'support');

    await search('Sam');
    expect(root().querySelector('.co-field__error')?.textContent).toBe(
      'Enter an order number, like #1042.',
    );
    expect(api.calls().filter((c) => c.includes('/orders?'))).toEqual([]);

    await search('#42');
    expect(root().querySelector('.console-empty__title')?.textContent).toBe('No order #0042');
    expect(root().querySelector('.console-empty__text')?.textContent).toContain(
      'order confirmation email or the Orders tab',
    );
  });
});
