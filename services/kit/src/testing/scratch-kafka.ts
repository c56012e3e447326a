/**
 * A throwaway Kafka broker for tests of what clients do while a broker boots, dies or restarts:
 * infra/local/kafka-scratch.sh (the broker up.sh installed, KRaft single node) on ports of its
 * own with its data in a temporary folder, so the engines of `up.sh` are never touched. Started
 * the first time it is empty (no topics, no consumer groups, no `__consumer_offsets`), like a
 * freshly installed broker; started again it keeps its data, like a restarted one.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const script = join(__dirname, '..', '..', '..', '..', 'infra', 'local', 'kafka-scratch.sh');

/** A port nothing listens on right now (the OS picks it). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('No port was assigned');
  return address.port;
}

export class ScratchKafka {
  private child: ChildProcess | undefined;
  private log = '';

  private constructor(
    readonly dir: string,
    readonly port: number,
    readonly controllerPort: number,
  ) {}

  static async create(): Promise<ScratchKafka> {
    return new ScratchKafka(
      mkdtempSync(join(tmpdir(), 'scratch-kafka-')),
      await freePort(),
      await freePort(),
    );
  }

  get brokers(): string {
    return `127.0.0.1:${this.port}`;
  }

  /** Starts the broker and returns at once: it formats its storage and boots in the background. */
  start(): void {
    if (this.running()) throw new Error('The scratch broker is already running');
    const child = spawn(
      'bash',
      [script, this.dir, String(this.port), String(this.controllerPort)],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    child.stdout?.on('data', (d: Buffer) => (this.log += d.toString()));
    child.stderr?.on('data', (d: Buffer) => (this.log += d.toString()));
    this.child = child;
  }

  running(): boolean {
    return !!this.child && this.child.exitCode === null && this.child.signalCode === null;
  }

  /** True once the broker logged that it started (clients may still see it loading). */
  started(): boolean {
    return this.log.includes('Kafka Server started');
  }

  output(): string {
    return this.log;
  }

  /** Kills the broker at once, as a crash would. */
  async kill(): Promise<void> {
    const child = this.child;
    if (!child || !this.running()) return;
    const gone = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await gone;
  }

  /** Kills the broker and deletes its data. */
  async destroy(): Promise<void> {
    await this.kill();
    rmSync(this.dir, { recursive: true, force: true });
  }
}
