/**
 * Sessions ended in identity (a logout, a password change or reset, an account disabled): every
 * live conversions socket opened with one of them closes at once, on every marketing process (the
 * Redis adapter carries the request in cluster mode). Runs at least once; closing closed sockets does nothing.
 */
import { sessionsRevoked } from '@clinic/contracts';
import { defineSubscriber } from '@clinic/kit';
import type { LiveConversions } from '../realtime/live-conversions';

export function sessionsRevokedCloseLiveSubscriber(live: Pick<LiveConversions, 'endSessions'>) {
  return defineSubscriber({
    name: 'close-revoked-live-sockets',
    event: sessionsRevoked,
    async handle(data) {
      live.endSessions(data.sessionIds);
    },
  });
}
