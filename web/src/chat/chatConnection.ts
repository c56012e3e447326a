/**
 * The widget's socket (spec 000 "Chat"): connects with the session token (or a visitor's chat
 * token), says who it is (init_user), loads the history, keeps the online ping, and reconnects
 * with the spec's timers. "User not initialized" retries initialization up to 3 times with a
 * growing delay. React-free, so it is tested with a real server.
 */
import { io, type Socket } from 'socket.io-client';
import {
  chatEvents,
  chatLimits,
  chatMessages,
  chatSocketPath,
  type ChatAck,
  type ChatMessage,
} from '@clinic/contracts';

export type ChatStatus = 'connecting' | 'connected' | 'disconnected' | 'error' | 'reconnecting';

export type ChatAuth = { token: string } | { chatToken: string };

export interface ChatConnectionOptions {
  auth: ChatAuth;
  /** The id init_user sends: the account's id, or the visitor's chat profile id. */
  userId: number;
  name: string;
  email: string;
  /** Where the chat lives; the page's own origin when absent. */
  url?: string;
  onStatus(status: ChatStatus): void;
  onMessage(message: ChatMessage): void;
  /** The conversation so far, without system lines (spec 000 section 9). */
  onHistory(messages: ChatMessage[]): void;
  onError(message: string): void;
}

let clientSerial = 0;

export class ChatConnection {
  private readonly socket: Socket;
  private initAttempts = 0;
  private initialized = false;
  private reconnecting = false;
  private ping?: ReturnType<typeof setInterval>;
  private retry?: ReturnType<typeof setTimeout>;
  private closed = false;

  constructor(private readonly opts: ChatConnectionOptions) {
    const options = {
      path: chatSocketPath,
      transports: ['websocket'],
      auth: opts.auth,
      reconnection: true,
      reconnectionAttempts: chatLimits.reconnectAttempts,
      reconnectionDelay: chatLimits.reconnectDelayMs,
      reconnectionDelayMax: chatLimits.reconnectDelayMaxMs,
      timeout: chatLimits.timeoutMs,
      autoConnect: false,
    };
    this.socket = opts.url ? io(opts.url, options) : io(options);
    const socket = this.socket;
    socket.on('connect', () => {
      this.reconnecting = false;
      this.initAttempts = 0;
      this.opts.onStatus('connected');
      this.init();
      clearInterval(this.ping);
      this.ping = setInterval(() => socket.emit(chatEvents.online, {}), chatLimits.onlinePingMs);
    });
    socket.on('disconnect', (reason) => {
      this.initialized = false;
      clearInterval(this.ping);
      if (this.closed) return;
      this.opts.onStatus('disconnected');
      // The server ended it (a restart): socket.io will not come back by itself.
      if (reason === 'io server disconnect') this.retryLater();
    });
    socket.on('connect_error', () => {
      if (!socket.active) {
        this.opts.onStatus('error');
        this.retryLater();
      }
    });
    socket.io.on('reconnect_attempt', () => {
      this.reconnecting = true;
      this.opts.onStatus('reconnecting');
    });
    socket.io.on('reconnect_failed', () => {
      this.reconnecting = false;
      this.opts.onStatus('error');
      this.retryLater();
    });
    socket.on(chatEvents.message, (message: ChatMessage) => this.opts.onMessage(message));
    socket.on(chatEvents.history, (messages: ChatMessage[]) =>
      this.opts.onHistory(messages.filter((m) => m.role !== 'system')),
    );
    socket.on(chatEvents.error, (payload: { message?: string } | undefined) => {
      const message = payload?.message ?? chatMessages.sendFailed;
      if (message === chatMessages.userNotInitialized) return this.initAgain();
      this.opts.onError(message);
    });
  }

  connect(): void {
    this.opts.onStatus('connecting');
    this.socket.connect();
  }

  get canSend(): boolean {
    return this.socket.connected && this.initialized && !this.reconnecting;
  }

  /** Sends one message; rejects with the text to show (3 s) when it was not stored. */
  async send(text: string): Promise<ChatMessage> {
    if (!this.canSend) throw new Error(chatMessages.sendFailed);
    clientSerial += 1;
    const clientId = `${Date.now().toString(36)}-${clientSerial}`;
    let ack: ChatAck;
    try {
      ack = (await this.socket.timeout(chatLimits.timeoutMs).emitWithAck(chatEvents.chatMessage, {
        userId: this.opts.userId,
        message: text,
        clientId,
      })) as ChatAck;
    } catch {
      throw new Error(chatMessages.sendFailed);
    }
    if (!ack.ok) throw new Error(ack.error || chatMessages.sendFailed);
    return ack.message;
  }

  close(): void {
    this.closed = true;
    clearInterval(this.ping);
    clearTimeout(this.retry);
    this.socket.disconnect();
  }

  private init(): void {
    this.socket.emit(
      chatEvents.initUser,
      { id: this.opts.userId, name: this.opts.name, email: this.opts.email },
      (ack: { ok: boolean; error?: string }) => {
        if (!ack?.ok) return;
        this.initialized = true;
        this.socket.emit(chatEvents.loadHistory, {});
      },
    );
  }

  /** "User not initialized": try again, up to 3 times, waiting longer each time. */
  private initAgain(): void {
    if (this.initAttempts >= chatLimits.initRetries) {
      this.opts.onError(chatMessages.sendFailed);
      return;
    }
    this.initAttempts += 1;
    setTimeout(() => this.init(), 500 * 2 ** this.initAttempts);
  }

  /** Spec 000: after a disconnect the widget tries again after 5 s. */
  private retryLater(): void {
    if (this.closed) return;
    clearTimeout(this.retry);
    this.retry = setTimeout(() => {
      if (!this.closed && !this.socket.connected) this.connect();
    }, chatLimits.retryTimerMs);
  }
}
