import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { createLogger, type Logger } from '../logging/logger';

/** Polls until `check` passes or the time is up; rethrows the last failure. */
export async function eventually(
  check: () => void | Promise<void>,
  timeoutMs = 10000,
  everyMs = 50,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await check();
      return;
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await new Promise((r) => setTimeout(r, everyMs));
    }
  }
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Lower-case letters only: valid in schema names, consumer groups and kebab-case topic names. */
export function uniqueWord(length = 8): string {
  return Array.from(randomBytes(length), (b) => String.fromCharCode(97 + (b % 26))).join('');
}

/** A logger that keeps its lines, for asserting what was (and wasn't) logged. */
export function memoryLogger(service = 'test'): {
  logger: Logger;
  lines: () => Record<string, unknown>[];
} {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, cb) {
      chunks.push(chunk.toString());
      cb();
    },
  });
  const logger = createLogger({ service, level: 'debug' }, stream);
  return {
    logger,
    lines: () =>
      chunks
        .join('')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as Record<string, unknown>),
  };
}

export const silentLogger: Logger = createLogger({ service: 'test', level: 'silent' });

/**
 * The time limit of a hook or test that boots services on the embedded engines. Jest's is 30 s: a
 * boot of identity, forms and chat that takes 5 s on two quiet cores took 10 s alone on busy ones
 * and longer with a full run beside it (a first boot also builds the run's database template), and
 * a hook past its limit fails every test of the file without a word of why.
 */
export const serviceBootTimeoutMs = 120_000;
