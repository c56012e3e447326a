import { STAFF_IDLE_LIMIT_MS, STAFF_IDLE_WARNING_MS } from '@clinic/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';

/** What one console tab tells the others: the person is active here, or it signed them out. */
export type IdleMessage = { type: 'activity'; at: number } | { type: 'signed-out' };

/** The part of a BroadcastChannel the console uses (tests pass their own). */
export interface ActivityChannel {
  postMessage(message: IdleMessage): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<IdleMessage>) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEvent<IdleMessage>) => void): void;
  close(): void;
}

export const ACTIVITY_CHANNEL = 'clinic-console-activity';

/** Every console tab of this browser, or none where BroadcastChannel is missing. */
export function openActivityChannel(): ActivityChannel | null {
  return typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(ACTIVITY_CHANNEL);
}

/** Whether the server kept the session alive, or said it has ended (a refused 401 or 403). */
export type KeepAliveAnswer = 'kept' | 'ended';

export interface IdleSignOutOptions {
  /** Tells the server the person is here (POST /api/console/activity); throws when unreachable. */
  keepAlive(): Promise<KeepAliveAnswer>;
  /** Signs the person out: the Log Out path, to the login page with the idle notice. */
  signOut(): void;
  openChannel?: () => ActivityChannel | null;
  limitMs?: number;
  warningMs?: number;
}

export interface IdleSignOutState {
  /** While the warning shows: whole seconds until the sign-out; null otherwise. */
  secondsLeft: number | null;
  /** "Stay signed in" is asking the server. */
  staying: boolean;
  /** Why "Stay signed in" did not go through (the server could not be reached). */
  failed: boolean;
  staySignedIn(): void;
}

/** What counts as the person being there: pointer, keys, touch, scrolling. */
const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'touchstart', 'wheel', 'scroll'];
/**
 * The server hears of the person's activity at most this often: at once after a quiet minute,
 * else at the end of the minute (so its idle deadline is never more than a minute behind).
 */
const REPORT_MS = 60_000;
/** Other tabs hear of it at most this often (a moving mouse fires many events a second). */
const SHARE_MS = 5_000;
const TICK_MS = 1_000;

/**
 * The console's automatic log-off (HIPAA 164.312(a)(2)(iii)): after `limitMs` (15 minutes)
 * without activity in any console tab of this browser the person is signed out; `warningMs` (a
 * minute) before, `secondsLeft` counts down for the warning. Activity is shared between tabs
 * through a BroadcastChannel, and reported to the server (keepAlive) so its own idle deadline,
 * which the console's background refreshes do not move, follows the person. The time is read on
 * a one-second tick, so a laptop opened after its lid was closed signs out at its first tick.
 */
export function useIdleSignOut({
  keepAlive,
  signOut,
  openChannel = openActivityChannel,
  limitMs = STAFF_IDLE_LIMIT_MS,
  warningMs = STAFF_IDLE_WARNING_MS,
}: IdleSignOutOptions): IdleSignOutState {
  const [secondsLeft, setSecondsLeft] = useState<number | null>(null);
  const [staying, setStaying] = useState(false);
  const [failed, setFailed] = useState(false);
  const lastActivity = useRef(Date.now());
  const warning = useRef(false);
  const channel = useRef<ActivityChannel | null>(null);
  const actions = useRef({ keepAlive, signOut });
  actions.current = { keepAlive, signOut };

  const share = useCallback((at: number) => {
    channel.current?.postMessage({ type: 'activity', at });
  }, []);

  useEffect(() => {
    const opened = openChannel();
    channel.current = opened;
    let lastReport = Date.now();
    let lastShared = 0;
    let reportTimer: ReturnType<typeof setTimeout> | undefined;
    let done = false;

    const report = () => {
      reportTimer = undefined;
      lastReport = Date.now();
      // A refused or lost report changes nothing here: the tick signs out on time either way,
      // and a 401 has already made the app forget the session.
      actions.current.keepAlive().catch(() => undefined);
    };
    const onActivity = () => {
      // Once the warning shows, only "Stay signed in" keeps the person signed in.
      if (warning.current || done) return;
      const now = Date.now();
      lastActivity.current = now;
      if (now - lastShared >= SHARE_MS) {
        lastShared = now;
        share(now);
      }
      if (reportTimer) return;
      const wait = lastReport + REPORT_MS - now;
      if (wait <= 0) report();
      else reportTimer = setTimeout(report, wait);
    };
    const signOutNow = () => {
      if (done) return;
      done = true;
      channel.current?.postMessage({ type: 'signed-out' });
      actions.current.signOut();
    };
    const tick = () => {
      if (done) return;
      const idle = Date.now() - lastActivity.current;
      if (idle >= limitMs) return signOutNow();
      warning.current = idle >= limitMs - warningMs;
      setSecondsLeft(warning.current ? Math.ceil((limitMs - idle) / 1000) : null);
    };
    const onMessage = ({ data }: MessageEvent<IdleMessage>) => {
      if (data.type === 'signed-out') {
        if (done) return;
        done = true;
        actions.current.signOut();
        return;
      }
      if (data.type === 'activity' && data.at > lastActivity.current) {
        // The person is busy in another tab (which tells the server): this one starts again.
        lastActivity.current = data.at;
        tick();
      }
    };

    for (const name of ACTIVITY_EVENTS)
      document.addEventListener(name, onActivity, { capture: true, passive: true });
    opened?.addEventListener('message', onMessage);
    const ticking = setInterval(tick, TICK_MS);
    return () => {
      done = true;
      clearInterval(ticking);
      clearTimeout(reportTimer);
      for (const name of ACTIVITY_EVENTS)
        document.removeEventListener(name, onActivity, { capture: true });
      opened?.removeEventListener('message', onMessage);
      opened?.close();
      channel.current = null;
    };
  }, [openChannel, limitMs, warningMs, share]);

  const staySignedIn = useCallback(() => {
    setStaying(true);
    setFailed(false);
    actions.current.keepAlive().then(
      (answer) => {
        setStaying(false);
        if (answer === 'ended') return actions.current.signOut();
        const now = Date.now();
        lastActivity.current = now;
        warning.current = false;
        setSecondsLeft(null);
        share(now);
      },
      () => {
        setStaying(false);
        setFailed(true);
      },
    );
  }, [share]);

  return { secondsLeft, staying, failed, staySignedIn };
}
