import http, { type IncomingMessage, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Logger } from '@clinic/kit';
import type { InstancePool } from './instance-pool';

/**
 * Cluster mode: websocket upgrades under a route's `pathPrefix` (the chat's /socket.io,
 * marketing's live conversions) are tunnelled to the owning service, so the browser talks to the
 * gateway's one origin. Every other upgrade is refused. A service that is down, or refuses the upgrade, closes the client's socket: the
 * widget's reconnect takes it from there. The client address is forwarded as for HTTP. Sockets are
 * websocket-only, so any instance of the service may take one: each goes to the pool's pick.
 */
export function proxyWebSockets(
  server: Server,
  routes: readonly { pathPrefix: string; instances: InstancePool }[],
  logger: Logger,
): void {
  server.on('upgrade', (req: IncomingMessage, client: Duplex, head: Buffer) => {
    const route = routes.find((r) => req.url?.startsWith(`${r.pathPrefix}/`));
    if (!route) {
      client.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n');
      return;
    }
    const instance = route.instances.pick();
    if (!instance) {
      client.end('HTTP/1.1 502 Bad Gateway\r\nConnection: close\r\n\r\n');
      return;
    }
    const target = new URL(instance);
    client.on('error', () => client.destroy());
    const upstream = http.request({
      protocol: target.protocol,
      hostname: target.hostname,
      port: target.port,
      method: req.method,
      path: req.url,
      headers: {
        ...req.headers,
        host: target.host,
        'x-forwarded-for': req.socket.remoteAddress ?? '',
      },
    });
    upstream.on('upgrade', (answer, service: Duplex, serviceHead: Buffer) => {
      const lines = [
        `HTTP/1.1 ${answer.statusCode ?? 101} ${answer.statusMessage ?? 'Switching Protocols'}`,
      ];
      for (let i = 0; i < answer.rawHeaders.length; i += 2)
        lines.push(`${answer.rawHeaders[i]}: ${answer.rawHeaders[i + 1]}`);
      client.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (serviceHead.length) client.write(serviceHead);
      if (head.length) service.write(head);
      service.on('error', () => client.destroy());
      client.on('close', () => service.destroy());
      service.on('close', () => client.destroy());
      service.pipe(client).pipe(service);
    });
    upstream.on('response', (answer) => {
      // The service answered without upgrading (503 while it starts, 400 for a bad handshake).
      client.end(
        `HTTP/1.1 ${answer.statusCode ?? 502} ${answer.statusMessage ?? ''}\r\nConnection: close\r\n\r\n`,
      );
      answer.resume();
    });
    upstream.on('error', (err) => {
      logger.warn({ err, pathPrefix: route.pathPrefix }, 'websocket upstream failed');
      client.end('HTTP/1.1 502 Bad Gateway\r\nConnection: close\r\n\r\n');
    });
    upstream.end();
  });
}
