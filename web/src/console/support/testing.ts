/**
 * Helpers for the support pages' tests: a conversation, its messages and a patient's order to
 * vary, the inbox's answers, and a stand-in for the support socket (socket.io-client mocked).
 */
import type {
  ChatMessage,
  ConversationDetail,
  ConversationSummary,
  SupportOrder,
} from '@clinic/contracts';
import { act } from 'react';
import { flush, ok } from '../../verify/testing/harness';

export function conversation(over: Partial<ConversationSummary> = {}): ConversationSummary {
  return {
    conversationId: 5,
    participant: { kind: 'patient', id: 7, name: 'Pat Patient' },
    email: 'pat@example.com',
    status: 'waiting',
    waitingSince: '2026-11-24T12:00:00.000Z',
    lastMessageAt: '2026-11-24T12:00:00.000Z',
    lastMessage: 'Where is my order?',
    online: true,
    claimedBy: null,
    ...over,
  };
}

let nextId = 100;
export function message(over: Partial<ChatMessage> = {}): ChatMessage {
  nextId += 1;
  return {
    id: nextId,
    conversationId: 5,
    role: 'user',
    content: 'Where is my order?',
    timestamp: '2026-11-24T12:00:00.000Z',
    author: null,
    ...over,
  };
}

export function order(over: Partial<SupportOrder> = {}): SupportOrder {
  return {
    orderId: 41,
    itemId: 'order-41',
    kind: 'first',
    orderNumber: '#0041',
    productName: 'Semaglutide · 3 months',
    createdAt: '2026-11-20T10:00:00.000Z',
    status: 'order_shipped',
    statusLabel: 'Shipped',
    trackingNumber: '1Z999AA10123456784',
    carrier: 'UPS',
    reshipRequest: null,
    ...over,
  };
}

export const inboxAnswer = (conversations: ConversationSummary[]) =>
  ok({ status: 'success', conversations });
export const detailAnswer = (detail: ConversationDetail) => ok({ status: 'success', ...detail });
export const ordersAnswer = (orders: SupportOrder[]) => ok({ status: 'success', orders });
/** GET /api/console/support/orders?number=: the orders of one number, and whose they are. */
export const foundAnswer = (orders: SupportOrder[], userId: number | null = 7) =>
  ok({ status: 'success', orders, userId: orders.length ? userId : null });
/** GET /api/console/support/accounts/{userId}: a patient's account. */
export const accountAnswer = (conversationId: number | null, over: { userId?: number } = {}) =>
  ok({
    status: 'success',
    account: {
      participant: { kind: 'patient', id: over.userId ?? 7, name: 'Pat Patient' },
      email: 'pat@example.com',
      conversationId,
    },
  });

/** The socket the page opened: what it was given, what it emitted, and a way to push events. */
export interface FakeSocket {
  options: unknown;
  emitted: [string, unknown][];
  connected: boolean;
  /** Delivers a server event to the page's listeners. */
  push(event: string, payload?: unknown): Promise<void>;
  closed: boolean;
}

export const sockets: FakeSocket[] = [];

/** The stand-in `io()` the mocked socket.io-client returns (connected at once). */
export function fakeIo(options: unknown) {
  const listeners = new Map<string, ((payload?: unknown) => void)[]>();
  const fake: FakeSocket = {
    options,
    emitted: [],
    connected: false,
    closed: false,
    async push(event, payload) {
      await act(async () => {
        for (const listener of listeners.get(event) ?? []) listener(payload);
      });
      await flush();
    },
  };
  sockets.push(fake);
  const socket = {
    active: true,
    get connected() {
      return fake.connected;
    },
    on(event: string, listener: (payload?: unknown) => void) {
      listeners.set(event, [...(listeners.get(event) ?? []), listener]);
      return socket;
    },
    emit(event: string, payload: unknown) {
      fake.emitted.push([event, payload]);
      return socket;
    },
    connect: () => socket,
    removeAllListeners() {
      listeners.clear();
      return socket;
    },
    close() {
      fake.closed = true;
      fake.connected = false;
      return socket;
    },
  };
  // Connected once the page has listened (as a real socket connects after the render).
  queueMicrotask(() => {
    fake.connected = true;
    for (const listener of listeners.get('connect') ?? []) listener();
  });
  return socket;
}

/** Sets a textarea's value as typing does. */
export async function typeInto(element: HTMLTextAreaElement, value: string): Promise<void> {
  await act(async () => {
    element.focus();
    Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set?.call(
      element,
      value,
    );
    element.dispatchEvent(new Event('input', { bubbles: true }));
  });
}
