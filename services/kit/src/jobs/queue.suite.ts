import { z } from 'zod';
import { eventually, sleep, uniqueWord } from '../testing/support';
import { defineJob, type Queue } from './queue';

export interface QueueHarness {
  /** A fresh, empty queue for a service name (workers not started). */
  open(service: string): Promise<Queue>;
  teardown?(): Promise<void>;
}

/**
 * The semantics every Queue implementation must have, run against the embedded LocalQueue and
 * BullMQ on Redis: payloads checked, idempotent enqueue by job id, delays respected, retries with
 * exponential backoff and a dead letter after the last attempt.
 */
export function describeQueueContract(label: string, harness: QueueHarness): void {
  describe(`Queue contract: ${label}`, () => {
    jest.setTimeout(30000);
    let queue: Queue;

    beforeEach(async () => {
      queue = await harness.open(`q_${uniqueWord()}`);
    });
    afterEach(async () => {
      await queue.close();
    });
    afterAll(async () => {
      await harness.teardown?.();
    });

    const payload = z.object({ to: z.string() });

    it('runs a job with its payload, once per job id', async () => {
      const seen: string[] = [];
      queue.define(
        defineJob({ name: 'greet', schema: payload, handle: async (p) => void seen.push(p.to) }),
      );
      await queue.start();
      await queue.enqueue('greet', { to: 'ann' }, { jobId: 'greet-ann' });
      await queue.enqueue('greet', { to: 'ann' }, { jobId: 'greet-ann' });
      await queue.enqueue('greet', { to: 'bob' });
      await eventually(() => expect([...seen].sort()).toEqual(['ann', 'bob']));
      await sleep(300);
      expect(seen).toHaveLength(2);
      expect(await queue.state('greet-ann')).toBe('completed');
    });

    it('refuses a payload that does not match the job schema', async () => {
      queue.define(defineJob({ name: 'greet', schema: payload, handle: async () => undefined }));
      await expect(queue.enqueue('greet', { to: 42 })).rejects.toThrow();
      await expect(queue.enqueue('nobody', { to: 'x' })).rejects.toThrow('Unknown job nobody');
      await expect(queue.enqueue('greet', { to: 'x' }, { jobId: 'bad:id' })).rejects.toThrow(
        'Invalid job id',
      );
    });

    it('does not run a delayed job before its time', async () => {
      const ranAt: number[] = [];
      queue.define(
        defineJob({
          name: 'later',
          schema: payload,
          handle: async () => void ranAt.push(Date.now()),
        }),
      );
      await queue.start();
      const enqueuedAt = Date.now();
      await queue.enqueue('later', { to: 'x' }, { delayMs: 1500, jobId: 'later-1' });
      await sleep(700);
      expect(ranAt).toEqual([]);
      expect(await queue.state('later-1')).toBe('delayed');
      await eventually(() => expect(ranAt).toHaveLength(1), 5000);
      expect(ranAt[0]! - enqueuedAt).toBeGreaterThanOrEqual(1450);
    });

    it('retries a failing job with exponential backoff, then dead-letters it', async () => {
      const attempts: number[] = [];
      queue.define(
        defineJob({
          name: 'flaky',
          schema: payload,
          attempts: 3,
          backoffMs: 300,
          handle: async () => {
            attempts.push(Date.now());
            throw new Error('provider down');
          },
        }),
      );
      await queue.start();
      await queue.enqueue('flaky', { to: 'x' }, { jobId: 'flaky-1' });
      await eventually(async () => expect(await queue.state('flaky-1')).toBe('dead'), 10000);
      expect(attempts).toHaveLength(3);
      expect(attempts[1]! - attempts[0]!).toBeGreaterThanOrEqual(280);
      expect(attempts[2]! - attempts[1]!).toBeGreaterThanOrEqual(580);
      const dead = await queue.deadLetters();
      expect(dead).toEqual([
        expect.objectContaining({
          id: 'flaky-1',
          name: 'flaky',
          payload: { to: 'x' },
          attempts: 3,
          error: expect.stringContaining('provider down'),
        }),
      ]);
    });

    it('succeeds on a later attempt without dead-lettering', async () => {
      let calls = 0;
      queue.define(
        defineJob({
          name: 'second-time',
          schema: payload,
          attempts: 3,
          backoffMs: 100,
          handle: async (_p, ctx) => {
            calls += 1;
            if (ctx.attempt < 2) throw new Error('first attempt fails');
          },
        }),
      );
      await queue.start();
      await queue.enqueue('second-time', { to: 'x' }, { jobId: 'st-1' });
      await eventually(async () => expect(await queue.state('st-1')).toBe('completed'), 5000);
      expect(calls).toBe(2);
      expect(await queue.deadLetters()).toEqual([]);
    });
  });
}
