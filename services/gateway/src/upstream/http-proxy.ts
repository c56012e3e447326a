import http from 'node:http';
import type { ServiceName } from '@clinic/contracts';
import type { Logger, Readiness } from '@clinic/kit';
import type { Upstream } from './upstream';

const UNAVAILABLE = 'Service temporarily unavailable. Please try again.';

/**
 * Cluster mode: requests are streamed to the owning service's URL with the request id and the
 * client address forwarded; a service that is down or slow gets a clear 502/504, never a hang.
 */
export class HttpProxyUpstream implements Upstream {
  constructor(
    private readonly urls: Partial<Record<ServiceName, string>>,
    private readonly logger: Logger,
    private readonly timeoutMs = 30000,
  ) {}

  forward: Upstream['forward'] = (service, req, res, next) => {
    const base = this.urls[service];
    if (!base) return next();
    const target = new URL(base);
    // The client's address as the gateway established it (its trusted proxies only): whatever a
    // client wrote in its own X-Forwarded-For never reaches a service.
    const forwardedFor = req.ip ?? req.socket.remoteAddress ?? '';
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
        answer.pipe(res);
      },
    );
    upstream.on('timeout', () => upstream.destroy(new Error('upstream timeout')));
    upstream.on('error', (err) => {
      this.logger.warn({ err, service }, 'upstream request failed');
      if (res.headersSent) return res.destroy();
      const timedOut = err.message === 'upstream timeout';
      res
        .status(timedOut ? 504 : 502)
        .json({ status: 'error', message: UNAVAILABLE, requestId: res.locals.requestId });
    });
    req.pipe(upstream);
  };

  async readiness(): Promise<Readiness> {
    const entries = await Promise.all(
      Object.entries(this.urls).map(async ([name, url]) => {
        try {
          const answer = await fetch(new URL('/readyz', url), {
            signal: AbortSignal.timeout(2000),
          });
          const body = (await answer.json()) as { checks?: Readiness };
          return [name, body.checks?.[name] ?? { service: `HTTP ${answer.status}` }] as const;
        } catch (err) {
          return [name, { service: err instanceof Error ? err.message : String(err) }] as const;
        }
      }),
    );
    return Object.fromEntries(entries);
  }
}
