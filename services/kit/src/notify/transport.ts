import type { OutgoingMessage } from './message';

/**
 * Delivers one message to the outside world (a mail server, an SMS provider, or the dev mailbox
 * standing in for them). `send` resolves once the message was accepted and throws otherwise; the
 * send-notification job retries on a throw, so a transport never retries by itself.
 */
export interface NotificationTransport {
  send(message: OutgoingMessage): Promise<void>;
  /** Releases connections, if the transport keeps any. */
  close?(): Promise<void>;
}
