import type { Logger } from '@clinic/kit';

/** How the pool learns whether an instance can serve: its `/readyz`, answered within a second. */
export type InstanceCheck = (url: string) => Promise<boolean>;

export const readyzCheck: InstanceCheck = async (url) => {
  try {
    const answer = await fetch(new URL('/readyz', url), { signal: AbortSignal.timeout(1000) });
    await answer.body?.cancel();
    return answer.ok;
  } catch {
    return false;
  }
};

interface Instance {
  readonly url: string;
  /** In rotation: its last check passed and no request since failed to connect to it. */
  up: boolean;
  /** Requests sent to it that have not answered yet. */
  inFlight: number;
}

/**
 * The processes of one service (cluster mode: `CHECKOUT_URL=http://a:4102,http://b:4111`).
 * Guarantees: a request goes to the instance in rotation with the fewest requests in flight (ties
 * in turn), so a slow or CPU-capped instance gets less; an instance that fails its check, or
 * refuses a connection, is taken out at once and put back when a check passes again (every
 * `intervalMs`); with every instance out, they are all tried all the same, so a pool never
 * refuses a request on stale news.
 */
export class InstancePool {
  private readonly instances: Instance[];
  private next = 0;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(
    readonly service: string,
    urls: readonly string[],
    private readonly logger: Logger,
    private readonly check: InstanceCheck = readyzCheck,
  ) {
    if (urls.length === 0) throw new Error(`${service}: a pool needs at least one instance`);
    // Until the first check, every instance is presumed up: a cluster that starts serves at once.
    this.instances = urls.map((url) => ({ url, up: true, inFlight: 0 }));
  }

  get urls(): string[] {
    return this.instances.map((i) => i.url);
  }

  /** The instances in rotation now. */
  upUrls(): string[] {
    return this.instances.filter((i) => i.up).map((i) => i.url);
  }

  /** The instance for the next request, avoiding `excluded` (the ones it already failed on). */
  pick(excluded: ReadonlySet<string> = new Set()): string | undefined {
    const candidates = this.instances.filter((i) => !excluded.has(i.url));
    if (candidates.length === 0) return undefined;
    const up = candidates.filter((i) => i.up);
    const pool = up.length > 0 ? up : candidates;
    const start = this.next++ % pool.length;
    let best = pool[start]!;
    for (let k = 1; k < pool.length; k++) {
      const candidate = pool[(start + k) % pool.length]!;
      if (candidate.inFlight < best.inFlight) best = candidate;
    }
    return best.url;
  }

  /** Counts a request in flight on `url` until the returned function is called (once). */
  begin(url: string): () => void {
    const instance = this.instances.find((i) => i.url === url);
    if (!instance) return () => undefined;
    instance.inFlight += 1;
    let done = false;
    return () => {
      if (done) return;
      done = true;
      instance.inFlight -= 1;
    };
  }

  /** A connection to `url` was refused: out of rotation until a check passes. */
  markDown(url: string, reason: string): void {
    const instance = this.instances.find((i) => i.url === url);
    if (!instance || !instance.up) return;
    instance.up = false;
    this.logger.warn({ service: this.service, instance: url, reason }, 'instance taken out');
  }

  /** Checks every instance once and updates the rotation. */
  async checkAll(): Promise<void> {
    await Promise.all(
      this.instances.map(async (instance) => {
        const ok = await this.check(instance.url);
        if (ok === instance.up) return;
        instance.up = ok;
        this.logger[ok ? 'info' : 'warn'](
          { service: this.service, instance: instance.url },
          ok ? 'instance put back' : 'instance taken out',
        );
      }),
    );
  }

  /** Checks every `intervalMs` until `stop()`; a single instance needs no checking. */
  start(intervalMs: number): void {
    if (this.instances.length < 2 || this.timer) return;
    this.stopped = false;
    const tick = () => {
      if (this.stopped) return;
      this.timer = setTimeout(() => void this.checkAll().finally(tick), intervalMs);
      this.timer.unref();
    };
    tick();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    this.timer = undefined;
  }
}

/** One pool per service, from each one's addresses. */
export function instancePools<S extends string>(
  urls: Record<S, readonly string[]>,
  logger: Logger,
  check?: InstanceCheck,
): Record<S, InstancePool> {
  return Object.fromEntries(
    (Object.entries(urls) as [S, readonly string[]][]).map(([service, list]) => [
      service,
      new InstancePool(service, list, logger, check),
    ]),
  ) as Record<S, InstancePool>;
}
