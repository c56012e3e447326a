/**
 * Sessions ended in identity (a logout, a password change or reset, an admin disabling the
 * account): every chat socket opened with one of them closes at once, on every chat process
 * (socket.io's Redis adapter carries the request in cluster mode), so a socket opened before a
 * logout cannot keep reading or posting.
 * Runs at least once; closing sockets that are already closed does nothing.
 */
import { sessionsRevoked } from '@clinic/contracts';
import { defineSubscriber } from '@clinic/kit';
import type { ChatSockets } from '../realtime/chat-sockets';

export function sessionsRevokedCloseSocketsSubscriber(sockets: Pick<ChatSockets, 'endSessions'>) {
  return defineSubscriber({
    name: 'close-revoked-sockets',
    event: sessionsRevoked,
    async handle(data) {
      sockets.endSessions(data.sessionIds);
    },
  });
}
