/**
 * Runs argon2id (hash-wasm, pure WebAssembly) on worker threads. A hash takes tens of
 * milliseconds of CPU by design; on the main thread that would stall every other request of the
 * process (in single-node mode, every service). Workers are started on first use and unref'd, so
 * an idle pool never keeps a process alive; a worker that dies fails only its own calls and is
 * replaced on the next one.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

export interface Argon2Input {
  password: string;
  salt: Uint8Array;
  /** Memory in KiB. */
  memoryKiB: number;
  iterations: number;
  parallelism: number;
  hashLength: number;
}

interface Pending {
  resolve(hash: Uint8Array): void;
  reject(err: Error): void;
}

interface PooledWorker {
  worker: Worker;
  pending: Map<number, Pending>;
}

// Plain CommonJS so it runs the same under tsx, jest and node; hash-wasm is resolved here and
// passed in by absolute path because an eval'd worker has no module of its own to resolve from.
const workerSource = (hashWasmPath: string) => `
const { parentPort } = require('node:worker_threads');
const { argon2id } = require(${JSON.stringify(hashWasmPath)});
parentPort.on('message', async ({ id, input }) => {
  try {
    const hash = await argon2id({
      password: input.password,
      salt: input.salt,
      memorySize: input.memoryKiB,
      iterations: input.iterations,
      parallelism: input.parallelism,
      hashLength: input.hashLength,
      outputType: 'binary',
    });
    parentPort.postMessage({ id, hash });
  } catch (err) {
    parentPort.postMessage({ id, error: err instanceof Error ? err.message : String(err) });
  }
});
`;

export class Argon2Workers {
  private readonly workers: (PooledWorker | undefined)[];
  private nextId = 0;

  constructor(size = Math.max(1, Math.min(4, availableParallelism() - 1))) {
    this.workers = Array.from({ length: size }, () => undefined);
  }

  /** The raw argon2id output for these inputs. */
  derive(input: Argon2Input): Promise<Uint8Array> {
    const pooled = this.leastBusy();
    const id = (this.nextId += 1);
    return new Promise((resolve, reject) => {
      pooled.pending.set(id, { resolve, reject });
      pooled.worker.ref();
      pooled.worker.postMessage({ id, input });
    });
  }

  /** An idle worker if there is one, else a new one while the pool has room, else the least busy. */
  private leastBusy(): PooledWorker {
    let best: PooledWorker | undefined;
    let emptySlot = -1;
    for (const [slot, pooled] of this.workers.entries()) {
      if (!pooled) {
        if (emptySlot < 0) emptySlot = slot;
      } else if (!best || pooled.pending.size < best.pending.size) best = pooled;
    }
    if (best && (best.pending.size === 0 || emptySlot < 0)) return best;
    return this.spawn(Math.max(emptySlot, 0));
  }

  private spawn(slot: number): PooledWorker {
    const worker = new Worker(workerSource(require.resolve('hash-wasm')), { eval: true });
    worker.unref();
    const pooled: PooledWorker = { worker, pending: new Map() };
    worker.on('message', (msg: { id: number; hash?: Uint8Array; error?: string }) => {
      const call = pooled.pending.get(msg.id);
      if (!call) return;
      pooled.pending.delete(msg.id);
      // Only a worker with calls in flight may hold the process open.
      if (pooled.pending.size === 0) worker.unref();
      if (msg.hash) call.resolve(msg.hash);
      else call.reject(new Error(`argon2id failed: ${msg.error ?? 'no output'}`));
    });
    const fail = (err: Error) => {
      if (this.workers[slot] === pooled) this.workers[slot] = undefined;
      for (const call of pooled.pending.values()) call.reject(err);
      pooled.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`argon2id worker exited with code ${code}`)));
    this.workers[slot] = pooled;
    return pooled;
  }

  /** Stops every worker (tests; a process exiting needs nothing). */
  async close(): Promise<void> {
    const running = this.workers.filter((w): w is PooledWorker => w !== undefined);
    this.workers.fill(undefined);
    await Promise.all(running.map((w) => w.worker.terminate()));
  }
}
