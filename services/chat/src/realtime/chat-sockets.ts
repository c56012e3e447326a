import type { Server as HttpServer } from 'node:http';
import { Server as SocketServer, type Socket } from 'socket.io';
import type { Redis } from 'ioredis';
import { createAdapter } from '@socket.io/redis-adapter';
import {
  chatEvents,
  chatMessagePayloadSchema,
  chatMessages,
  chatSocketPath,
  initUserPayloadSchema,
  type ChatAck,
  type ChatMessage,
  type ChatParticipant,
  type Principal,
} from '@clinic/contracts';
import type { IdentityDirectory } from '@clinic/identity-client';
import {
  CART_SESSION_REFUSED,
  NotFoundError,
  SessionSweep,
  connectRedis,
  type Clock,
  type Logger,
  type RateLimiter,
  type SweptSession,
} from '@clinic/kit';
import { agentOf } from '../domain/agents';
import type { ChatPerson, Conversations } from '../domain/conversations';
import type { Visitors } from '../domain/visitors';

/** Roles whose sockets join the support inbox (admins may do every staff job). */
const AGENT_ROLES = new Set(['support', 'admin']);
/** A person may send this many messages a minute: enough to type, not to flood an agent. */
const MESSAGE_RATE = { limit: 30, windowMs: 60_000 };
/** Agents' lists refresh at most this often, however many messages arrive. */
const INBOX_NOTICE_MS = 500;

/** The login session a socket was opened with (none for a visitor's chat token). */
type SessionProof = SweptSession;

type Who = (
  | { kind: 'person'; person: ChatPerson; initialized: boolean }
  | { kind: 'agent'; principal: Principal; watching: number }
) & { session: SessionProof | null };

const personRoom = (p: Pick<ChatParticipant, 'kind' | 'id'>) => `person:${p.kind}:${p.id}`;
const watchRoom = (conversationId: number) => `watch:${conversationId}`;
const SUPPORT_ROOM = 'support';
/** Every socket opened with one login session: a revocation closes them all, on every process. */
const sessionRoom = (sessionId: string) => `session:${sessionId}`;
/**
 * A socket that posts re-checks its session at most this often: the safety net should a
 * revocation notice be lost (Redis away at that moment); `endSessions` is the way it ends at once.
 */
const SESSION_RECHECK_MS = 60_000;
/**
 * How often every socket's session is asked about, posting or not: a session that ends by itself
 * (a staff member's 15 idle minutes, a patient's 30 days) has its sockets closed within this long
 * (plus one answer from identity). Asked as background, so the asking never keeps it alive.
 */
const SESSION_SWEEP_MS = 30_000;

/** How one process's sockets reach every other process's: named for the live-delivery suite. */
export interface ChatDelivery {
  /** Every socket of the person (each tab of theirs) and the agents watching the conversation. */
  deliver(person: Pick<ChatParticipant, 'kind' | 'id'>, message: ChatMessage): void;
  /** Agents' inbox lists refresh. */
  inboxChanged(): void;
}

/**
 * The chat's socket.io server (spec 000 section 7): guarantees that a socket speaks only as whom
 * its handshake proved (a patient's session token, a visitor's chat token, or a support agent's
 * session), joins only that person's conversation, and that a message is stored before anyone is
 * told of it. With Redis (cluster mode) the adapter carries every delivery to the sockets of
 * every chat process; without it, sockets live in this process (socket.io's in-memory adapter).
 */
export class ChatSockets implements ChatDelivery {
  readonly io: SocketServer;
  private redis: Redis[] = [];
  private inboxNotice?: ReturnType<typeof setTimeout>;
  private readonly sweep: SessionSweep;
  private ready: boolean;

  constructor(
    private readonly deps: {
      identity: IdentityDirectory;
      visitors: Visitors;
      conversations: Conversations;
      rateLimiter: RateLimiter;
      logger: Logger;
      clock: Clock;
      redisUrl?: string;
      /** SESSION_SWEEP_MS unless given (tests sweep more often). */
      sessionSweepMs?: number;
    },
  ) {
    this.io = new SocketServer({
      path: chatSocketPath,
      // Websocket only: any chat process may take a connection, with no sticky sessions to keep.
      transports: ['websocket'],
      serveClient: false,
      maxHttpBufferSize: 16 * 1024,
      pingInterval: 25_000,
      pingTimeout: 20_000,
    });
    this.ready = !deps.redisUrl;
    this.io.use((socket, next) => {
      if (!this.ready) return next(new Error('The chat is starting. Please try again.'));
      this.authenticate(socket).then(
        (who) => {
          if (!who) return next(new Error(chatMessages.notSignedIn));
          socket.data.who = who;
          next();
        },
        (err: unknown) => {
          if (err instanceof HandshakeRefused) return next(new Error(err.message));
          this.deps.logger.warn({ err }, 'chat socket authentication failed');
          next(new Error(chatMessages.notSignedIn));
        },
      );
    });
    this.io.on('connection', (socket) => this.connected(socket));
    this.sweep = new SessionSweep({
      everyMs: deps.sessionSweepMs ?? SESSION_SWEEP_MS,
      now: () => deps.clock.now().getTime(),
      sessions: () => this.socketSessions(),
      isLive: (session) => this.sessionLive(session),
      end: (sessionId) => this.io.local.in(sessionRoom(sessionId)).disconnectSockets(true),
    });
  }

  private *socketSessions(): Iterable<SessionProof> {
    for (const socket of this.io.sockets.sockets.values()) {
      const session = (socket.data.who as Who | undefined)?.session;
      if (session) yield session;
    }
  }

  /** Joins the HTTP server (the gateway's, or the chat process's own). */
  attach(server: HttpServer): void {
    this.io.attach(server);
  }

  /** Cluster mode: deliveries go through Redis to every chat process. */
  async start(): Promise<void> {
    if (!this.deps.redisUrl || this.ready) return;
    const pub = await connectRedis(this.deps.redisUrl, {}, this.deps.logger, 'chat sockets');
    const sub = await connectRedis(this.deps.redisUrl, {}, this.deps.logger, 'chat sockets');
    this.redis = [pub, sub];
    this.io.adapter(createAdapter(pub, sub, { key: 'clinic-chat' }));
    this.ready = true;
  }

  /**
   * Drops every connection without closing the HTTP server: to the browsers it is a lost
   * connection, so they reconnect by themselves (to this process once it is back, or another).
   */
  async stop(): Promise<void> {
    this.ready = !this.deps.redisUrl;
    clearTimeout(this.inboxNotice);
    this.inboxNotice = undefined;
    this.sweep.stop();
    this.io.engine?.close();
    await Promise.all(this.redis.map((r) => r.quit().catch(() => undefined)));
    this.redis = [];
  }

  deliver(person: Pick<ChatParticipant, 'kind' | 'id'>, message: ChatMessage): void {
    this.io.to(personRoom(person)).emit(chatEvents.message, message);
    this.io.to(watchRoom(message.conversationId)).emit(chatEvents.message, message);
  }

  /**
   * Coalesced: a busy hour's messages would otherwise make every agent's console reload its
   * list for each one; agents hear of changes at most every INBOX_NOTICE_MS.
   */
  inboxChanged(): void {
    if (this.inboxNotice) return;
    this.inboxNotice = setTimeout(() => {
      this.inboxNotice = undefined;
      this.io.to(SUPPORT_ROOM).emit(chatEvents.inboxChanged, {});
    }, INBOX_NOTICE_MS);
  }

  private async authenticate(socket: Socket): Promise<Who | null> {
    const auth = (socket.handshake.auth ?? {}) as Record<string, unknown>;
    if (typeof auth.chatToken === 'string' && auth.chatToken) {
      const visitor = await this.deps.visitors.byToken(auth.chatToken);
      return visitor
        ? { kind: 'person', person: visitor, initialized: false, session: null }
        : null;
    }
    if (typeof auth.token !== 'string' || !auth.token || auth.token.length > 256) return null;
    const principal = await this.deps.identity.resolveSession(auth.token);
    if (!principal) return null;
    // A checkout link's session pays its cart and finishes that order, as it does over REST
    // (allowCartSession): the patient's conversation with support needs a real login.
    if (principal.cartId !== null) throw new HandshakeRefused(CART_SESSION_REFUSED);
    const session = {
      sessionId: principal.sessionId,
      token: auth.token,
      checkedAt: this.deps.clock.now().getTime(),
    };
    if (AGENT_ROLES.has(principal.role)) return { kind: 'agent', principal, watching: 0, session };
    if (principal.role !== 'patient') return null;
    const contact = await this.deps.identity.patientContact(principal.userId);
    if (!contact) return null;
    const name = `${contact.first_name} ${contact.last_name}`.trim() || contact.email;
    return {
      kind: 'person',
      person: { kind: 'patient', id: principal.userId, name, email: contact.email },
      initialized: false,
      session,
    };
  }

  /**
   * Closes every socket opened with these sessions (a logout, a password change or reset), on
   * every chat process: with Redis, socket.io's adapter carries the request to the others.
   */
  endSessions(sessionIds: readonly string[]): void {
    if (sessionIds.length === 0) return;
    this.io.in(sessionIds.map(sessionRoom)).disconnectSockets(true);
  }

  /**
   * Joins the socket to its session's room, then asks once more whether the session is live: a
   * revocation announced while the handshake was resolving it found no socket in the room.
   */
  private watchSession(socket: Socket, session: SessionProof): void {
    void socket.join(sessionRoom(session.sessionId));
    void this.sessionLive(session).then((live) => {
      if (!live) socket.disconnect(true);
    });
    this.sweep.start();
  }

  private async sessionLive(session: SessionProof): Promise<boolean> {
    try {
      const principal = await this.deps.identity.resolveSession(session.token);
      if (principal?.sessionId !== session.sessionId) return false;
      session.checkedAt = this.deps.clock.now().getTime();
      return true;
    } catch (err) {
      // Identity away: the session was live at the last check; the next post asks again.
      this.deps.logger.warn({ err }, 'chat session could not be checked');
      return true;
    }
  }

  /**
   * An agent watches a conversation live: each new message of the person is pushed to them, a
   * read of it as it comes. Audited (chat's trail, `conversation.watch`) before the socket joins;
   * a watch that cannot be recorded does not start. A later watch (or 0) wins over one still
   * being recorded.
   */
  private async watch(
    socket: Socket,
    who: Extract<Who, { kind: 'agent' }>,
    conversationId: number,
  ): Promise<void> {
    try {
      const agent = await agentOf(this.deps.identity, who.principal, socket.handshake.address);
      await this.deps.conversations.watch(conversationId, agent);
      if (who.watching === conversationId && socket.connected)
        await socket.join(watchRoom(conversationId));
    } catch (err) {
      const unknown = err instanceof NotFoundError;
      if (!unknown) this.deps.logger.warn({ err }, 'chat watch could not be recorded');
      socket.emit(chatEvents.error, {
        message: unknown ? chatMessages.conversationNotFound : chatMessages.watchFailed,
      });
    }
  }

  private connected(socket: Socket): void {
    const who = socket.data.who as Who;
    if (who.session) this.watchSession(socket, who.session);
    if (who.kind === 'agent') {
      void socket.join(SUPPORT_ROOM);
      socket.on(chatEvents.watch, (payload: unknown) => {
        const id = Number((payload as { conversationId?: unknown } | null)?.conversationId);
        for (const room of socket.rooms) if (room.startsWith('watch:')) void socket.leave(room);
        who.watching = Number.isInteger(id) && id > 0 ? id : 0;
        if (who.watching) void this.watch(socket, who, id);
      });
      return;
    }
    const person = who.person;
    const refuse = (error: string, ack?: unknown) => {
      socket.emit(chatEvents.error, { message: error });
      if (typeof ack === 'function') (ack as (a: ChatAck) => void)({ ok: false, error });
    };

    socket.on(chatEvents.initUser, (payload: unknown, ack?: unknown) => {
      const parsed = initUserPayloadSchema.safeParse(payload);
      if (!parsed.success || parsed.data.id !== String(person.id))
        return refuse(chatMessages.notYours, ack);
      who.initialized = true;
      void socket.join(personRoom(person));
      const participant: ChatParticipant = { kind: person.kind, id: person.id, name: person.name };
      socket.emit(chatEvents.ready, { participant });
      if (typeof ack === 'function') (ack as (a: unknown) => void)({ ok: true, participant });
    });

    socket.on(chatEvents.loadHistory, (_payload: unknown, ack?: unknown) => {
      if (!who.initialized) return refuse(chatMessages.userNotInitialized, ack);
      this.deps.conversations.history(person).then(
        (history) => {
          socket.emit(chatEvents.history, history);
          if (typeof ack === 'function') (ack as (a: unknown) => void)({ ok: true });
        },
        (err: unknown) => {
          this.deps.logger.error({ err }, 'chat history failed');
          refuse(chatMessages.sendFailed, ack);
        },
      );
    });

    socket.on(chatEvents.chatMessage, (payload: unknown, ack?: unknown) => {
      if (!who.initialized) return refuse(chatMessages.userNotInitialized, ack);
      const claimed = (payload as { userId?: unknown } | null)?.userId;
      if (claimed === undefined || String(claimed) !== String(person.id))
        return refuse(chatMessages.notYours, ack);
      const parsed = chatMessagePayloadSchema.safeParse(payload);
      if (!parsed.success)
        return refuse(parsed.error.issues[0]?.message ?? chatMessages.sendFailed, ack);
      void this.post(who.session, person, parsed.data).then(
        (message) => {
          if (typeof ack === 'function') (ack as (a: ChatAck) => void)({ ok: true, message });
        },
        (err: unknown) => {
          const known = err instanceof RateLimitedError || err instanceof SignedOutError;
          if (!known) this.deps.logger.error({ err }, 'chat message not stored');
          refuse(known ? err.message : chatMessages.sendFailed, ack);
          if (err instanceof SignedOutError) socket.disconnect(true);
        },
      );
    });

    socket.on(chatEvents.online, () => {
      if (who.initialized) void this.deps.conversations.seen(person).catch(() => undefined);
    });
  }

  /**
   * Stores a message once the sender is still signed in: a visitor's chat token has no session;
   * a login's is re-checked once its last check is a minute old.
   */
  private async post(
    session: SessionProof | null,
    person: ChatPerson,
    payload: { message: string; clientId?: string },
  ): Promise<ChatMessage> {
    const recheck =
      session && this.deps.clock.now().getTime() - session.checkedAt >= SESSION_RECHECK_MS;
    if (recheck && !(await this.sessionLive(session))) throw new SignedOutError();
    return this.send(person, payload.message, payload.clientId);
  }

  private async send(person: ChatPerson, content: string, clientId?: string): Promise<ChatMessage> {
    const decision = await this.deps.rateLimiter.hit(
      `chat-message:${person.kind}:${person.id}`,
      MESSAGE_RATE,
    );
    if (!decision.allowed) throw new RateLimitedError();
    const { message } = await this.deps.conversations.post(person, content, clientId);
    this.deliver(person, message);
    this.inboxChanged();
    return message;
  }
}

/** A caller who proved who they are but may not open the chat with that session. */
class HandshakeRefused extends Error {}

class SignedOutError extends Error {
  constructor() {
    super(chatMessages.notSignedIn);
  }
}

class RateLimitedError extends Error {
  constructor() {
    super('You are sending messages too quickly. Please wait a moment.');
  }
}
