/**
 * A TCP proxy in front of a real engine, for tests of what a process does while that engine is
 * not there: point a URL at the proxy's port, keep the proxy closed (connections refused, as by
 * a server still booting), open it later, close it again (every connection cut, as by a server
 * that went away).
 */
import { connect, createServer, type Server, type Socket } from 'node:net';
import { freePort } from './scratch-kafka';

export class TcpProxy {
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();

  private constructor(
    readonly port: number,
    private readonly target: { host: string; port: number },
  ) {}

  /** A proxy to `target` on a free port, closed until `open()`. */
  static async create(target: { host: string; port: number }): Promise<TcpProxy> {
    return new TcpProxy(await freePort(), target);
  }

  /** The URL with its host and port replaced by the proxy's. */
  static redirect(url: string, proxy: TcpProxy): string {
    const parsed = new URL(url);
    parsed.hostname = '127.0.0.1';
    parsed.port = String(proxy.port);
    return parsed.toString();
  }

  async open(): Promise<void> {
    if (this.server) return;
    const server = createServer((client) => {
      const upstream = connect(this.target.port, this.target.host);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', resolve);
    });
    this.server = server;
  }

  /** Stops listening and cuts every connection through it. */
  async close(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    for (const socket of this.sockets) socket.destroy();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
