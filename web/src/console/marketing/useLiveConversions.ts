/**
 * Marketing's live connection (services/marketing realtime): one socket.io connection opened
 * with the staff session's token. On connect it is sent today's recent conversions and totals,
 * then each conversion as the funnel counts it and the totals after it. It reconnects by itself;
 * a conversion already shown (a snapshot after a reconnect brings it again) is kept once.
 */
import {
  liveConversionEvents,
  liveConversionSchema,
  liveConversionsSocketPath,
  liveSnapshotSchema,
  liveTodaySchema,
  type LiveConversion,
  type LiveToday,
} from '@clinic/contracts';
import { useEffect, useState } from 'react';
import { io } from 'socket.io-client';
import { useSession } from '../../session/session';

/** The most conversions the page keeps on screen. */
export const LIVE_SHOWN_MAX = 100;
/** A server that refused the handshake is asked again after this long. */
const RETRY_MS = 10_000;

export type LiveStatus = 'connecting' | 'live' | 'reconnecting' | 'refused';

export interface LiveState {
  status: LiveStatus;
  /** The server's reason when it refused the connection. */
  refusal: string | null;
  conversions: LiveConversion[];
  today: LiveToday | null;
}

/** Newest first, each once. */
function merge(shown: LiveConversion[], arrived: LiveConversion[]): LiveConversion[] {
  const seen = new Set(shown.map((c) => c.id));
  const fresh = arrived.filter((c) => !seen.has(c.id));
  return [...fresh, ...shown].sort((a, b) => b.at.localeCompare(a.at)).slice(0, LIVE_SHOWN_MAX);
}

export function useLiveConversions(): LiveState {
  const token = useSession()?.token ?? null;
  const [state, setState] = useState<LiveState>({
    status: 'connecting',
    refusal: null,
    conversions: [],
    today: null,
  });

  useEffect(() => {
    if (!token) return;
    const socket = io({
      path: liveConversionsSocketPath,
      transports: ['websocket'],
      auth: { token },
      reconnectionDelay: 1000,
      reconnectionDelayMax: RETRY_MS,
    });
    let retry: ReturnType<typeof setTimeout> | undefined;
    socket.on('connect', () => setState((s) => ({ ...s, status: 'live', refusal: null })));
    socket.on('disconnect', () => setState((s) => ({ ...s, status: 'reconnecting' })));
    socket.on('connect_error', (err) => {
      // Refused (not a dropped line): socket.io gives up, so ask again later.
      if (!socket.active) {
        setState((s) => ({ ...s, status: 'refused', refusal: err.message }));
        clearTimeout(retry);
        retry = setTimeout(() => socket.connect(), RETRY_MS);
      } else setState((s) => ({ ...s, status: 'reconnecting' }));
    });
    socket.on(liveConversionEvents.snapshot, (payload: unknown) => {
      const snapshot = liveSnapshotSchema.safeParse(payload);
      if (snapshot.success)
        setState((s) => ({
          ...s,
          conversions: merge(s.conversions, snapshot.data.conversions),
          today: snapshot.data.today,
        }));
    });
    socket.on(liveConversionEvents.conversion, (payload: unknown) => {
      const conversion = liveConversionSchema.safeParse(payload);
      if (conversion.success)
        setState((s) => ({ ...s, conversions: merge(s.conversions, [conversion.data]) }));
    });
    socket.on(liveConversionEvents.today, (payload: unknown) => {
      const today = liveTodaySchema.safeParse(payload);
      if (today.success) setState((s) => ({ ...s, today: today.data }));
    });
    return () => {
      clearTimeout(retry);
      socket.removeAllListeners();
      socket.close();
    };
  }, [token]);

  return state;
}
