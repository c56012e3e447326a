/**
 * Re-checks the login sessions behind one process's open sockets (the chat's, the live
 * conversions'): every `everyMs` it asks, once per session, about each session not asked about
 * for half a sweep, and closes this process's sockets of a session that ended. A socket that only
 * listens sends nothing that would notice a session ending by itself (a staff member's 15 idle
 * minutes, a patient's 30 days); with this it closes within `everyMs` plus one answer.
 * The caller asks identity as background, so the sweep never keeps a session alive; when identity
 * cannot answer, the caller says live and the next sweep asks again.
 */
export interface SweptSession {
  sessionId: string;
  token: string;
  /** When the session was last known to be live (epoch ms); `isLive` moves it. */
  checkedAt: number;
}

export class SessionSweep {
  private timer?: ReturnType<typeof setInterval>;
  private sweeping = false;

  constructor(
    private readonly opts: {
      everyMs: number;
      now: () => number;
      /** The session of each of this process's open sockets (one entry per socket). */
      sessions: () => Iterable<SweptSession>;
      /** Whether the session is live; moves its `checkedAt` when it is. */
      isLive: (session: SweptSession) => Promise<boolean>;
      /** Closes this process's sockets of an ended session. */
      end: (sessionId: string) => void;
    },
  ) {}

  /** Starts sweeping (once; the timer does not keep the process alive). */
  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.sweep(), this.opts.everyMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  async sweep(): Promise<void> {
    if (this.sweeping) return;
    this.sweeping = true;
    try {
      const now = this.opts.now();
      const due = new Map<string, SweptSession[]>();
      for (const session of this.opts.sessions()) {
        if (now - session.checkedAt < this.opts.everyMs / 2) continue;
        due.set(session.sessionId, [...(due.get(session.sessionId) ?? []), session]);
      }
      for (const [sessionId, [first, ...others]] of due) {
        if (!first) continue;
        if (!(await this.opts.isLive(first))) {
          this.opts.end(sessionId);
          continue;
        }
        for (const other of others) other.checkedAt = first.checkedAt;
      }
    } finally {
      this.sweeping = false;
    }
  }
}
