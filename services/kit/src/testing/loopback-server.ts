import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Listens on a free loopback port; resolves to `http://127.0.0.1:<port>`. */
export function listenOnLoopback(server: Server): Promise<string> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
    ),
  );
}

/** Drops open connections (a keep-alive would hold jest open) and closes. */
export function closeServer(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}
