import http from 'node:http';
import type { ServiceName } from '@clinic/contracts';
import type { Logger, Readiness } from '@clinic/kit';
import type { Request, Response } from 'express';
import type { InstancePool } from './instance-pool';
import type { Upstream } from './upstream';

const UNAVAILABLE = 'Service temporarily unavailable. Please try again.';
/** A request body kept for a second attempt; an upload larger than this is not replayed. */
const REPLAYABLE_BYTES = 1024 * 1024;
/** Connection errors that prove the instance never received the request. */
const NEVER_REACHED = new Set(['ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND']);

/** The request's body as it streams to the first instance, kept to replay to another one. */
class RecordedBody {
  private readonly chunks: Buffer[] = [];
  private bytes = 0;
  ended = false;
  tooLarge = false;

  constructor(req: Request) {
    req.on('data', (chunk: Buffer) => {
      if (this.tooLarge) return;
      this.bytes += chunk.length;
      if (this.bytes > REPLAYABLE_BYTES) {
        this.tooLarge = true;
        this.chunks.length = 0;
      } else this.chunks.push(chunk);
    });
    req.on('end', () => (this.ended = true));
  }

  /** Writes what was read so far to `upstream`, then the rest as it comes. */
  replay(req: Request, upstream: http.ClientRequest): void {
    for (const chunk of this.chunks) upstream.write(chunk);
    if (this.ended) upstream.end();
    else req.pipe(upstream);
  }
}

/**
 * Cluster mode: requests are streamed to an instance of the owning service (its pool picks the
 * least busy one in rotation) with the request id and the client address forwarded. An instance
 * that refuses the connection never saw the request: it is taken out and the request goes to the
 * next one, so a dead process costs no request. An error after the request may have reached a
 * service is not retried (it may have acted): the caller gets a clear 502/504, never a hang, and
 * retries under its idempotency key.
 */
export class HttpProxyUpstream implements Upstream {
  constructor(
    private readonly pools: Partial<Record<ServiceName, InstancePool>>,
    private readonly logger: Logger,
    private readonly timeoutMs = 30000,
  ) {}

  forward: Upstream['forward'] = (service, req, res, next) => {
    const pool = this.pools[service];
    if (!pool) return next();
    const body = new RecordedBody(req);
    const tried = new Set<string>();
    const attempt = (first: boolean) => {
      const instance = pool.pick(tried);
      if (!instance) return this.unavailable(res, false);
      tried.add(instance);
      const upstream = this.send(instance, pool, req, res, (err) => {
        const code = (err as NodeJS.ErrnoException).code ?? '';
        if (NEVER_REACHED.has(code)) {
          pool.markDown(instance, code);
          if (!body.tooLarge && !res.headersSent && pool.pick(tried)) return attempt(false);
        }
        this.logger.warn({ err, service, instance }, 'upstream request failed');
        if (res.headersSent) return res.destroy();
        this.unavailable(res, err.message === 'upstream timeout');
      });
      if (first) req.pipe(upstream);
      else body.replay(req, upstream);
    };
    attempt(true);
  };

  private send(
    instance: string,
    pool: InstancePool,
    req: Request,
    res: Response,
    failed: (err: Error) => void,
  ): http.ClientRequest {
    const target = new URL(instance);
    // The client's address as the gateway established it (its trusted proxies only): whatever a
    // client wrote in its own X-Forwarded-For never reaches a service.
    const forwardedFor = req.ip ?? req.socket.remoteAddress ?? '';
    const done = pool.begin(instance);
    const upstream = http.request(
      {
        protocol: target.protocol,
        hostname: target.hostname,
        port: target.port,
        method: req.method,
        path: req.originalUrl,
        headers: {
          ...req.headers,
          host: target.host,
          'x-request-id': String(res.locals.requestId),
          'x-forwarded-for': forwardedFor,
          'x-forwarded-proto': req.protocol,
        },
        timeout: this.timeoutMs,
      },
      (answer) => {
        res.status(answer.statusCode ?? 502);
        for (const [name, value] of Object.entries(answer.headers)) {
          if (value !== undefined && name !== 'connection' && name !== 'transfer-encoding')
            res.setHeader(name, value);
        }
        answer.once('close', done);
        answer.pipe(res);
      },
    );
    upstream.on('timeout', () => upstream.destroy(new Error('upstream timeout')));
    upstream.on('error', (err) => {
      done();
      failed(err);
    });
    return upstream;
  }

  private unavailable(res: Response, timedOut: boolean): void {
    res
      .status(timedOut ? 504 : 502)
      .json({ status: 'error', message: UNAVAILABLE, requestId: res.locals.requestId });
  }

  /** Each service as one of its instances in rotation sees itself (ready if any one is). */
  async readiness(): Promise<Readiness> {
    const entries = await Promise.all(
      Object.entries(this.pools).map(async ([name, pool]) => {
        let checks: Record<string, string> = { service: 'no instance answered' };
        for (const url of new Set([...pool.upUrls(), ...pool.urls])) {
          checks = await readinessOf(name, url);
          if (Object.values(checks).every((v) => v === 'ok')) break;
        }
        return [name, checks] as const;
      }),
    );
    return Object.fromEntries(entries);
  }
}

async function readinessOf(name: string, url: string): Promise<Record<string, string>> {
  try {
    const answer = await fetch(new URL('/readyz', url), { signal: AbortSignal.timeout(2000) });
    const body = (await answer.json()) as { checks?: Readiness };
    return body.checks?.[name] ?? { service: `HTTP ${answer.status}` };
  } catch (err) {
    return { service: err instanceof Error ? err.message : String(err) };
  }
}
