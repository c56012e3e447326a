/**
 * The live conversions socket.io server (issue 28): a socket opens only with the token of a live
 * marketing or admin session; on connect it is sent today's recent conversions and totals, then
 * every conversion the funnel counts, once its transaction has committed, with today's totals
 * after it (at most every TOTALS_EVERY_MS however many arrive). No polling: the bus's events
 * drive it. A socket closes when its session ends: at once when identity announces it
 * (sessions-revoked: a logout, a disabled account), and within a sweep (30 s) when it ends by
 * itself (a staff member's 15 idle minutes) or its person no longer has the role. With Redis
 * (cluster mode) the adapter carries each to the sockets of every marketing
 * process, as the chat's does; without it, sockets live in this process.
 */
import type { Server as HttpServer } from 'node:http';
import type { Redis } from 'ioredis';
import { Server as SocketServer } from 'socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import {
  clinicDayOf,
  liveConversionEvents,
  liveConversionsSocketPath,
  liveMessages,
  type LiveConversion,
  type LiveSnapshot,
} from '@clinic/contracts';
import type { IdentityDirectory } from '@clinic/identity-client';
import {
  SessionSweep,
  connectRedis,
  type Clock,
  type Executor,
  type Logger,
  type SweptSession,
} from '@clinic/kit';
import { recentConversions, todayTotals } from '../domain/live-feed';

const MARKETING_ROOM = 'marketing';
/** Every socket opened with one login session: a revocation closes them all, on every process. */
const sessionRoom = (sessionId: string) => `session:${sessionId}`;
const TOTALS_EVERY_MS = 250;
/** How often the sessions behind this process's sockets are asked about (kit SessionSweep). */
const SESSION_SWEEP_MS = 30_000;
const LIVE_ROLES = new Set(['marketing', 'admin']);

class Refused extends Error {}

export class LiveConversions {
  readonly io: SocketServer;
  private redis: Redis[] = [];
  private totalsTimer?: ReturnType<typeof setTimeout>;
  private readonly sweep: SessionSweep;

  constructor(
    private readonly deps: {
      identity: IdentityDirectory;
      db: Executor;
      clock: Clock;
      logger: Logger;
      redisUrl?: string;
      /** SESSION_SWEEP_MS unless given (tests sweep more often). */
      sessionSweepMs?: number;
    },
  ) {
    this.io = new SocketServer({
      path: liveConversionsSocketPath,
      // Websocket only: any marketing process may take a connection, no sticky sessions.
      transports: ['websocket'],
      serveClient: false,
      maxHttpBufferSize: 1024,
    });
    this.io.use((socket, next) => {
      this.authenticate(socket.handshake.auth as Record<string, unknown>).then(
        (session) => {
          socket.data.session = session;
          next();
        },
        (err: unknown) => {
          if (!(err instanceof Refused))
            this.deps.logger.warn({ err }, 'live conversions: authentication failed');
          next(new Error(err instanceof Refused ? err.message : liveMessages.notSignedIn));
        },
      );
    });
    this.sweep = new SessionSweep({
      everyMs: deps.sessionSweepMs ?? SESSION_SWEEP_MS,
      now: () => deps.clock.now().getTime(),
      sessions: () => this.socketSessions(),
      isLive: (session) => this.sessionLive(session),
      end: (sessionId) => this.io.local.in(sessionRoom(sessionId)).disconnectSockets(true),
    });
    this.io.on('connection', (socket) => {
      void socket.join([
        MARKETING_ROOM,
        sessionRoom((socket.data.session as SweptSession).sessionId),
      ]);
      this.sweep.start();
      this.snapshot().then(
        (snapshot) => socket.emit(liveConversionEvents.snapshot, snapshot),
        (err: unknown) => this.deps.logger.warn({ err }, 'live conversions: no snapshot'),
      );
    });
  }

  /** The session of a live marketing or admin session's token; refuses anything else. */
  private async authenticate(auth: Record<string, unknown>): Promise<SweptSession> {
    const token = auth.token;
    if (typeof token !== 'string' || !token || token.length > 256)
      throw new Refused(liveMessages.notSignedIn);
    const principal = await this.deps.identity.resolveSession(token);
    if (!principal) throw new Refused(liveMessages.notSignedIn);
    if (!LIVE_ROLES.has(principal.role)) throw new Refused(liveMessages.notMarketing);
    return { sessionId: principal.sessionId, token, checkedAt: this.deps.clock.now().getTime() };
  }

  private *socketSessions(): Iterable<SweptSession> {
    for (const socket of this.io.sockets.sockets.values()) {
      const session = socket.data.session as SweptSession | undefined;
      if (session) yield session;
    }
  }

  /** Asked as background (no activity), so the sweep never keeps the session alive. */
  private async sessionLive(session: SweptSession): Promise<boolean> {
    try {
      const principal = await this.deps.identity.resolveSession(session.token);
      if (principal?.sessionId !== session.sessionId || !LIVE_ROLES.has(principal.role))
        return false;
      session.checkedAt = this.deps.clock.now().getTime();
      return true;
    } catch (err) {
      // Identity away: live at the last check; the next sweep asks again.
      this.deps.logger.warn({ err }, 'live conversions: session could not be checked');
      return true;
    }
  }

  /** Closes every socket opened with one of these sessions (a logout, a password change). */
  endSessions(sessionIds: readonly string[]): void {
    if (sessionIds.length > 0) this.io.in(sessionIds.map(sessionRoom)).disconnectSockets(true);
  }

  private today(): string {
    return clinicDayOf(this.deps.clock.now());
  }

  private async snapshot(): Promise<LiveSnapshot> {
    const day = this.today();
    const [conversions, today] = await Promise.all([
      recentConversions(this.deps.db, day),
      todayTotals(this.deps.db, day),
    ]);
    return { conversions, today };
  }

  /** A conversion the funnel has counted (its transaction committed). */
  counted(conversion: LiveConversion): void {
    this.io.to(MARKETING_ROOM).emit(liveConversionEvents.conversion, conversion);
    if (this.totalsTimer) return;
    this.totalsTimer = setTimeout(() => {
      this.totalsTimer = undefined;
      todayTotals(this.deps.db, this.today()).then(
        (today) => this.io.to(MARKETING_ROOM).emit(liveConversionEvents.today, today),
        (err: unknown) => this.deps.logger.warn({ err }, 'live conversions: no totals'),
      );
    }, TOTALS_EVERY_MS);
  }

  /** Joins the HTTP server (the gateway's, or the marketing process's own). */
  attach(server: HttpServer): void {
    this.io.attach(server);
  }

  /** Cluster mode: conversions go through Redis to every marketing process's sockets. */
  async start(): Promise<void> {
    if (!this.deps.redisUrl || this.redis.length > 0) return;
    const pub = await connectRedis(this.deps.redisUrl, {}, this.deps.logger, 'live conversions');
    const sub = await connectRedis(this.deps.redisUrl, {}, this.deps.logger, 'live conversions');
    this.redis = [pub, sub];
    this.io.adapter(createAdapter(pub, sub, { key: 'clinic-live-conversions' }));
  }

  /** Drops every connection without closing the HTTP server: browsers reconnect by themselves. */
  async stop(): Promise<void> {
    this.sweep.stop();
    clearTimeout(this.totalsTimer);
    this.totalsTimer = undefined;
    this.io.engine?.close();
    await Promise.all(this.redis.map((r) => r.quit().catch(() => undefined)));
    this.redis = [];
  }
}
