/**
 * The socket.io chat as the widget and the support console use it: who a socket may speak as,
 * history, live delivery both ways, and what bad input gets (the spec's message, nothing stored).
 */
import type { Socket } from 'socket.io-client';
import { chatEvents, chatMessages, type ChatAck, type ChatMessage } from '@clinic/contracts';
import { sql } from 'drizzle-orm';
import { CART_SESSION_REFUSED, rows } from '@clinic/kit';
import { eventually } from '@clinic/kit/testing';
import { startChat, type ChatHarness } from '../testing';

let chat: ChatHarness;
beforeAll(async () => {
  chat = await startChat();
});
afterAll(() => chat.close());

function connected(socket: Socket): Promise<void> {
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
}

function refused(socket: Socket): Promise<Error> {
  return new Promise((resolve, reject) => {
    socket.once('connect', () => reject(new Error('connected')));
    socket.once('connect_error', resolve);
  });
}

function emit<T>(socket: Socket, event: string, payload?: unknown): Promise<T> {
  return new Promise((resolve) => socket.emit(event, payload ?? {}, (ack: T) => resolve(ack)));
}

function next<T>(socket: Socket, event: string): Promise<T> {
  return new Promise((resolve) => socket.once(event, (payload: T) => resolve(payload)));
}

async function patientSocket(firstName?: string) {
  const patient = await chat.patient(firstName);
  const socket = chat.socket({ token: patient.token });
  await connected(socket);
  await emit(socket, chatEvents.initUser, { id: patient.id, name: 'Pat', email: patient.email });
  return { patient, socket };
}

it('refuses a socket without a valid session or chat token', async () => {
  const error = await refused(chat.socket({ token: 'not-a-session' }));
  expect(error.message).toBe(chatMessages.notSignedIn);
  await expect(refused(chat.socket({}))).resolves.toBeInstanceOf(Error);
  await expect(refused(chat.socket({ chatToken: 'guessed' }))).resolves.toBeInstanceOf(Error);
});

it("refuses a checkout link's cart-scoped session: it opens no conversation, reads no history, posts nothing", async () => {
  const { patient, socket } = await patientSocket();
  await emit(socket, chatEvents.chatMessage, { userId: patient.id, message: 'My dose question' });
  const { session } = await chat.forms.directory.openCartSession({
    userId: patient.id,
    cartId: 'cart-link-1',
    expiresAt: new Date(chat.clock.now().getTime() + 60 * 60 * 1000).toISOString(),
  });
  if (!session) throw new Error('no cart session');
  const linkSocket = chat.socket({ token: session.token });
  const error = await refused(linkSocket);
  expect(error.message).toBe(CART_SESSION_REFUSED);
  expect(linkSocket.connected).toBe(false);
});

it('stores a message, delivers it to every tab of the patient, and loads it as history', async () => {
  const { patient, socket } = await patientSocket();
  const secondTab = chat.socket({ token: patient.token });
  await connected(secondTab);
  await emit(secondTab, chatEvents.initUser, { id: String(patient.id) });
  const seen = next<ChatMessage>(secondTab, chatEvents.message);

  const ack = await emit<ChatAck>(socket, chatEvents.chatMessage, {
    userId: patient.id,
    message: 'Where is my order?',
  });
  expect(ack).toMatchObject({ ok: true, message: { role: 'user', content: 'Where is my order?' } });
  expect((await seen).content).toBe('Where is my order?');

  const history = next<ChatMessage[]>(socket, chatEvents.history);
  socket.emit(chatEvents.loadHistory);
  expect((await history).map((m) => m.content)).toEqual(['Where is my order?']);
});

it("refuses another patient's id in init_user and in a message, and stores nothing", async () => {
  const { patient } = await patientSocket();
  const other = await patientSocket();
  await emit(other.socket, chatEvents.chatMessage, { userId: other.patient.id, message: 'mine' });

  const intruder = chat.socket({ token: patient.token });
  await connected(intruder);
  const error = next<{ message: string }>(intruder, chatEvents.error);
  const initAck = await emit<{ ok: boolean }>(intruder, chatEvents.initUser, {
    id: other.patient.id,
  });
  expect(initAck.ok).toBe(false);
  expect((await error).message).toBe(chatMessages.notYours);
  // Not initialized as anyone: the other patient's history stays out of reach.
  expect(await emit<ChatAck>(intruder, chatEvents.loadHistory)).toEqual({
    ok: false,
    error: chatMessages.userNotInitialized,
  });

  await emit(intruder, chatEvents.initUser, { id: patient.id });
  const sent = await emit<ChatAck>(intruder, chatEvents.chatMessage, {
    userId: other.patient.id,
    message: 'pretending',
  });
  expect(sent).toEqual({ ok: false, error: chatMessages.notYours });

  const history = next<ChatMessage[]>(other.socket, chatEvents.history);
  other.socket.emit(chatEvents.loadHistory);
  expect((await history).map((m) => m.content)).toEqual(['mine']);
});

it('refuses a message before init_user with "User not initialized"', async () => {
  const patient = await chat.patient();
  const socket = chat.socket({ token: patient.token });
  await connected(socket);
  const ack = await emit<ChatAck>(socket, chatEvents.chatMessage, {
    userId: patient.id,
    message: 'hello',
  });
  expect(ack).toEqual({ ok: false, error: chatMessages.userNotInitialized });
});

it('refuses a blank or 257-character message with a clear error and stores nothing', async () => {
  const { patient, socket } = await patientSocket();
  const blank = await emit<ChatAck>(socket, chatEvents.chatMessage, {
    userId: patient.id,
    message: '   ',
  });
  expect(blank).toEqual({ ok: false, error: chatMessages.blank });
  const long = await emit<ChatAck>(socket, chatEvents.chatMessage, {
    userId: patient.id,
    message: 'x'.repeat(257),
  });
  expect(long).toEqual({ ok: false, error: chatMessages.tooLong });
  const exact = await emit<ChatAck>(socket, chatEvents.chatMessage, {
    userId: patient.id,
    message: 'x'.repeat(256),
  });
  expect(exact.ok).toBe(true);
  const history = next<ChatMessage[]>(socket, chatEvents.history);
  socket.emit(chatEvents.loadHistory);
  expect((await history).map((m) => m.content.length)).toEqual([256]);
});

it('stores a resend after a reconnect once (same client id)', async () => {
  const { patient, socket } = await patientSocket();
  const body = { userId: patient.id, message: 'only once', clientId: 'c-123' };
  const first = await emit<ChatAck>(socket, chatEvents.chatMessage, body);
  const again = await emit<ChatAck>(socket, chatEvents.chatMessage, body);
  expect(first.ok && again.ok && first.message.id === again.message.id).toBe(true);
  const history = next<ChatMessage[]>(socket, chatEvents.history);
  socket.emit(chatEvents.loadHistory);
  expect(await history).toHaveLength(1);
});

it('a support agent sees the chat waiting, answers live, and the patient gets it at once', async () => {
  const { patient, socket } = await patientSocket('Dana');
  const agent = await chat.agent();
  const agentSocket = chat.socket({ token: agent.token });
  await connected(agentSocket);
  const inboxChanged = next(agentSocket, chatEvents.inboxChanged);
  await emit(socket, chatEvents.chatMessage, { userId: patient.id, message: 'My vial cracked' });
  await inboxChanged;

  const waiting = await chat.get('/api/console/support/conversations?view=waiting', agent);
  expect(waiting.status).toBe(200);
  const mine = waiting.body.conversations.find(
    (c: { participant: { id: number } }) => c.participant.id === patient.id,
  );
  expect(mine).toMatchObject({ status: 'waiting', lastMessage: 'My vial cracked', online: true });
  // The inbox shows the message: the agent's list read is on the trail, once per 15 minutes.
  const listed = async () =>
    (
      await chat.service.runtime.audit.page(chat.service.runtime.db, {
        action: 'conversation.list',
        staffId: agent.id,
        refs: { conversation: mine.conversationId },
        limit: 10,
      })
    ).entries;
  expect(await listed()).toMatchObject([{ patientId: patient.id, subject: 'inbox: waiting' }]);
  await chat.get('/api/console/support/conversations?view=waiting', agent);
  expect(await listed()).toHaveLength(1);

  agentSocket.emit(chatEvents.watch, { conversationId: mine.conversationId });
  const toPatient: ChatMessage[] = [];
  socket.on(chatEvents.message, (m: ChatMessage) => toPatient.push(m));
  const reply = await chat.post(
    `/api/console/support/conversations/${mine.conversationId}/messages`,
    { message: 'Sorry to hear that. I will arrange a replacement.' },
    agent,
  );
  expect(reply.status).toBe(200);
  expect(reply.body.conversation).toMatchObject({ status: 'claimed', waitingSince: null });
  // The system line ("Sam joined the chat.") comes first, then the answer.
  await eventually(async () => expect(toPatient).toHaveLength(2));
  expect(toPatient[0]).toMatchObject({ role: 'system', content: chatMessages.joined('Sam') });
  expect(toPatient[1]).toMatchObject({ role: 'assistant', author: 'Sam' });

  // The patient writes back: the agent watching sees it live.
  const toAgent = next<ChatMessage>(agentSocket, chatEvents.message);
  await emit(socket, chatEvents.chatMessage, { userId: patient.id, message: 'Thank you!' });
  expect((await toAgent).content).toBe('Thank you!');
});

it('records an agent watching a conversation live before its first message reaches them; an unknown one is refused', async () => {
  const { patient, socket } = await patientSocket('Wren');
  await emit(socket, chatEvents.chatMessage, { userId: patient.id, message: 'Is it cold-packed?' });
  const agent = await chat.agent();
  const agentSocket = chat.socket({ token: agent.token });
  await connected(agentSocket);
  const waiting = await chat.get('/api/console/support/conversations?view=waiting', agent);
  const { conversationId } = waiting.body.conversations.find(
    (c: { participant: { id: number } }) => c.participant.id === patient.id,
  );
  const watches = async () =>
    (
      await chat.service.runtime.audit.page(chat.service.runtime.db, {
        action: 'conversation.watch',
        staffId: agent.id,
        limit: 10,
      })
    ).entries.map((e) => [e.patientId, e.refs, e.staff.role, e.ip === null]);

  agentSocket.emit(chatEvents.watch, { conversationId });
  await eventually(async () =>
    expect(await watches()).toEqual([
      [patient.id, { conversation: conversationId }, 'support', false],
    ]),
  );
  const live = next<ChatMessage>(agentSocket, chatEvents.message);
  await emit(socket, chatEvents.chatMessage, { userId: patient.id, message: 'Thanks' });
  expect((await live).content).toBe('Thanks');

  const error = next<{ message: string }>(agentSocket, chatEvents.error);
  agentSocket.emit(chatEvents.watch, { conversationId: 987654 });
  expect(await error).toEqual({ message: chatMessages.conversationNotFound });
  expect(await watches()).toHaveLength(1);
  agentSocket.disconnect();
});

it("support opens a patient's account found from an order: name, email and their chat (audited)", async () => {
  const agent = await chat.agent();
  const account = (userId: number, as = agent) =>
    chat.get(`/api/console/support/accounts/${userId}`, as);
  // Before the patient's first message there is no chat to open, only the account.
  const quiet = await chat.patient('Quinn');
  const before = await account(quiet.id);
  expect(before.status).toBe(200);
  expect(before.body.account).toEqual({
    participant: { kind: 'patient', id: quiet.id, name: expect.stringContaining('Quinn') },
    email: quiet.email,
    conversationId: null,
  });
  const { patient, socket } = await patientSocket('Dana');
  await emit(socket, chatEvents.chatMessage, { userId: patient.id, message: 'Where is it?' });
  const found = await account(patient.id);
  expect(found.body.account.conversationId).toEqual(expect.any(Number));
  const opened = await chat.get(
    `/api/console/support/conversations/${found.body.account.conversationId}`,
    agent,
  );
  expect(opened.body.conversation.participant.id).toBe(patient.id);
  const [audited] = await rows<{ n: number }>(
    chat.engines.database.db,
    sql`select count(*)::int as n from chat.audit_trail where action = 'patient-account.read' and patient_id = ${patient.id} and staff_id = ${agent.id}`,
  );
  expect(audited!.n).toBe(1);
  // Staff are no patients; other roles and patients may not look.
  const missing = await account(agent.id);
  expect(missing.status).toBe(404);
  expect(missing.body.message).toBe(chatMessages.patientNotFound);
  expect((await account(patient.id, await chat.agent('pharmacy'))).status).toBe(403);
  expect((await account(quiet.id, patient)).status).toBe(403);
});

it('a clinician or pharmacist cannot open a support socket', async () => {
  const pharmacist = await chat.agent('pharmacy');
  await expect(refused(chat.socket({ token: pharmacist.token }))).resolves.toBeInstanceOf(Error);
});

it('a registered visitor chats with the chat token; an email with an account is sent to log in', async () => {
  const registered = await chat.post('/api/chat-user', {
    first_name: 'Vera',
    last_name: 'Visitor',
    email: 'Vera.Visitor@Example.com',
    source_web: 2,
    user_type: 'chat',
  });
  expect(registered.status).toBe(200);
  expect(registered.body).toMatchObject({
    status: 'success',
    user: { first_name: 'Vera', email: 'vera.visitor@example.com' },
  });
  const { id, chat_token } = registered.body.user;
  const socket = chat.socket({ chatToken: chat_token });
  await connected(socket);
  await emit(socket, chatEvents.initUser, { id, name: 'Vera Visitor' });
  const ack = await emit<ChatAck>(socket, chatEvents.chatMessage, { userId: id, message: 'Hi' });
  expect(ack.ok).toBe(true);

  const patient = await chat.patient();
  const existing = await chat.post('/api/chat-user', {
    first_name: 'Pat',
    last_name: 'Person',
    email: patient.email.toUpperCase(),
  });
  expect(existing.body).toEqual({ status: 'exists', message: chatMessages.existingUser });

  const bad = await chat.post('/api/chat-user', { first_name: ' ', last_name: 'X', email: 'x' });
  expect(bad.status).toBe(400);
});

it('a patient gets a refusal event (not a crash) when the socket sends garbage', async () => {
  const { socket } = await patientSocket();
  const ack = await emit<ChatAck>(socket, chatEvents.chatMessage, 'not an object');
  expect(ack.ok).toBe(false);
  await eventually(async () => expect(socket.connected).toBe(true));
});

describe('a session that ends closes its sockets at once', () => {
  const closed = (socket: Socket) =>
    new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));

  async function history(socket: Socket): Promise<string[]> {
    const answer = next<ChatMessage[]>(socket, chatEvents.history);
    socket.emit(chatEvents.loadHistory);
    return (await answer).map((m) => m.content);
  }

  it('a logout: the socket opened before it is closed and posts nothing; another device stays', async () => {
    const { patient, socket } = await patientSocket();
    const phoneToken = await chat.identity.logIn(patient.email, 'chat-test-password');
    const phone = chat.socket({ token: phoneToken });
    await connected(phone);
    await emit(phone, chatEvents.initUser, { id: patient.id });

    const ended = closed(socket);
    expect((await chat.identity.get('/api/logout', { token: patient.token })).status).toBe(200);
    expect(await ended).toBe('io server disconnect');
    socket.emit(chatEvents.chatMessage, { userId: patient.id, message: 'after logout' });
    // The socket cannot come back with the revoked token either.
    const again = await refused(chat.socket({ token: patient.token }));
    expect(again.message).toBe(chatMessages.notSignedIn);
    expect(phone.connected).toBe(true);
    expect(await history(phone)).not.toContain('after logout');
  });

  it("a password change closes the account's other sockets, not the changer's; a reset closes all, the agent's too", async () => {
    const { patient, socket } = await patientSocket();
    const otherToken = await chat.identity.logIn(patient.email, 'chat-test-password');
    const other = chat.socket({ token: otherToken });
    await connected(other);
    const otherEnded = closed(other);
    const changed = await chat.identity.post(
      '/api/update-password',
      { newPassword: 'a-new-password-1', confirmPassword: 'a-new-password-1' },
      { token: patient.token },
    );
    expect(changed.status).toBe(200);
    expect(await otherEnded).toBe('io server disconnect');
    const ack = await emit<ChatAck>(socket, chatEvents.chatMessage, {
      userId: patient.id,
      message: 'still here',
    });
    expect(ack.ok).toBe(true);

    const agent = await chat.agent();
    const agentSocket = chat.socket({ token: agent.token });
    await connected(agentSocket);
    const ends = [closed(socket), closed(agentSocket)];
    for (const account of [patient, agent]) {
      expect(
        (await chat.identity.post('/api/forgot-password', { email: account.email })).status,
      ).toBe(200);
      const link = await chat.identity.lastLinkToken(account.email);
      const reset = await chat.identity.post('/api/password-reset', {
        token: link,
        password: 'reset-password-22',
      });
      expect(reset.status).toBe(200);
    }
    expect(await Promise.all(ends)).toEqual(['io server disconnect', 'io server disconnect']);
  });

  it('a session that ended without notice (it expired) may not post: the socket is closed at its next message', async () => {
    const { patient, socket } = await patientSocket();
    const ended = closed(socket);
    chat.clock.advance(31 * 24 * 60 * 60 * 1000);
    const ack = await emit<ChatAck>(socket, chatEvents.chatMessage, {
      userId: patient.id,
      message: 'a month later',
    });
    expect(ack).toEqual({ ok: false, error: chatMessages.notSignedIn });
    expect(await ended).toBe('io server disconnect');
  });
});

it('a widget reconnects by itself after the chat restarts, and its history is still there', async () => {
  const patient = await chat.patient();
  const socket = chat.socket({ token: patient.token }, { reconnection: true });
  await connected(socket);
  await emit(socket, chatEvents.initUser, { id: patient.id });
  await emit(socket, chatEvents.chatMessage, { userId: patient.id, message: 'before the restart' });

  const back = new Promise<void>((resolve) => socket.io.once('reconnect', () => resolve()));
  await chat.restart();
  await back;
  await emit(socket, chatEvents.initUser, { id: patient.id });
  const history = next<ChatMessage[]>(socket, chatEvents.history);
  socket.emit(chatEvents.loadHistory);
  expect((await history).map((m) => m.content)).toEqual(['before the restart']);
  socket.disconnect();
});
