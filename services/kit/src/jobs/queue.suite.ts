import { z } from 'zod';
import { eventually, sleep, uniqueWord } from '../testing/support';
import type { Database } from '../db/database';
import { Outbox } from '../events/outbox';
import { UnitOfWork } from '../runtime/unit-of-work';
import { systemClock } from '../clock';
import { kitMigrations } from '../db/kit-migrations';
import { migrate } from '../db/migrate';
import { silentLogger } from '../testing/support';
import { JobOutbox } from './job-outbox';
import { defineJob, jobType, type QueueEngine } from './queue';

export interface QueueHarness {
  /** A fresh, empty queue for a service name (workers not started). */
  open(service: string): Promise<QueueEngine>;
  /** The database the service's transactions run in (for enqueue-after-commit). */
  database(): Promise<Database>;
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
    let queue: QueueEngine;

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
      const greet = queue.define(
        defineJob({ name: 'greet', schema: payload, handle: async (p) => void seen.push(p.to) }),
      );
      await queue.start();
      await greet.enqueue({ to: 'ann' }, { jobId: 'greet-ann' });
      await greet.enqueue({ to: 'ann' }, { jobId: 'greet-ann' });
      await greet.enqueue({ to: 'bob' });
      await eventually(() => expect([...seen].sort()).toEqual(['ann', 'bob']));
      await sleep(300);
      expect(seen).toHaveLength(2);
      expect(await queue.state('greet-ann')).toBe('completed');
    });

    it('refuses a payload that does not match the job schema', async () => {
      const greet = queue.define(
        defineJob({ name: 'greet', schema: payload, handle: async () => undefined }),
      );
      await expect(greet.enqueue({ to: 42 } as never)).rejects.toThrow();
      const nobody = queue.job(jobType({ name: 'nobody', schema: payload }));
      await expect(nobody.enqueue({ to: 'x' })).rejects.toThrow('Unknown job nobody');
      await expect(greet.enqueue({ to: 'x' }, { jobId: 'bad:id' })).rejects.toThrow(
        'Invalid job id',
      );
      expect(() => queue.job(jobType({ name: 'greet', schema: z.object({}) }))).toThrow(
        'two payload schemas',
      );
    });

    it('hands out a typed handle by job type, for code that does not hold the handler', async () => {
      const seen: string[] = [];
      const greetType = jobType({ name: 'greet', schema: payload });
      const greet = queue.job(greetType);
      queue.define(defineJob({ ...greetType, handle: async (p) => void seen.push(p.to) }));
      await queue.start();
      await greet.enqueue({ to: 'cy' });
      await eventually(() => expect(seen).toEqual(['cy']));
    });

    it('runs a job stored under its former name after a rename', async () => {
      const seen: string[] = [];
      queue.define(
        defineJob({
          name: 'kit.greet',
          formerNames: ['greet'],
          schema: payload,
          handle: async (p) => void seen.push(p.to),
        }),
      );
      await queue.start();
      // What the code before the rename stored, as the engine keeps it: by the old name.
      await queue.enqueue('greet', { to: 'dee' });
      await eventually(() => expect(seen).toEqual(['dee']));
      expect(() =>
        queue.define(defineJob({ name: 'greet', schema: payload, handle: async () => undefined })),
      ).toThrow('defined twice');
    });

    describe('enqueue after commit', () => {
      let unitOfWork: UnitOfWork;
      let outbox: JobOutbox;
      const seen: string[] = [];

      beforeEach(async () => {
        seen.length = 0;
        const database = await harness.database();
        const schema = `t_${uniqueWord()}`;
        await migrate(database, schema, kitMigrations(schema));
        outbox = new JobOutbox({
          schema,
          database,
          queue,
          clock: systemClock,
          logger: silentLogger,
          minAgeMs: 0,
        });
        unitOfWork = new UnitOfWork(
          database,
          new Outbox(schema, systemClock),
          () => undefined,
          outbox,
        );
      });

      const greetJob = () =>
        queue.define(
          defineJob({ name: 'greet', schema: payload, handle: async (p) => void seen.push(p.to) }),
        );

      it('runs the job once the transaction has committed, not before', async () => {
        const greet = greetJob();
        await queue.start();
        const id = await unitOfWork.run(async (tx) => {
          const queued = await greet.enqueueAfterCommit(tx, { to: 'ann' }, { jobId: 'ac-ann' });
          await sleep(400);
          expect(seen).toEqual([]);
          return queued;
        });
        expect(id).toBe('ac-ann');
        await eventually(() => expect(seen).toEqual(['ann']));
        await eventually(async () => expect(await queue.state('ac-ann')).toBe('completed'));
      });

      it('leaves no job when the transaction rolls back', async () => {
        const greet = greetJob();
        await queue.start();
        await expect(
          unitOfWork.run(async (tx) => {
            await greet.enqueueAfterCommit(tx, { to: 'bob' }, { jobId: 'ac-bob' });
            throw new Error('changed my mind');
          }),
        ).rejects.toThrow('changed my mind');
        await sleep(500);
        expect(seen).toEqual([]);
        expect(await queue.state('ac-bob')).toBe('unknown');
        expect(await outbox.sweep()).toBe(0);
      });

      it('checks the payload in the transaction, which then rolls back', async () => {
        const greet = greetJob();
        await expect(
          unitOfWork.run((tx) => greet.enqueueAfterCommit(tx, { to: 7 } as never)),
        ).rejects.toThrow();
        await expect(
          unitOfWork.run((tx) => greet.enqueueAfterCommit(tx, { to: 'x' }, { jobId: 'a:b' })),
        ).rejects.toThrow('Invalid job id');
      });
    });

    it('does not run a delayed job before its time', async () => {
      const ranAt: number[] = [];
      const later = queue.define(
        defineJob({
          name: 'later',
          schema: payload,
          handle: async () => void ranAt.push(Date.now()),
        }),
      );
      await queue.start();
      const enqueuedAt = Date.now();
      await later.enqueue({ to: 'x' }, { delayMs: 1500, jobId: 'later-1' });
      await sleep(700);
      expect(ranAt).toEqual([]);
      expect(await queue.state('later-1')).toBe('delayed');
      await eventually(() => expect(ranAt).toHaveLength(1), 5000);
      expect(ranAt[0]! - enqueuedAt).toBeGreaterThanOrEqual(1450);
    });

    it('retries a failing job with exponential backoff, then dead-letters it', async () => {
      const attempts: number[] = [];
      const flaky = queue.define(
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
      await flaky.enqueue({ to: 'x' }, { jobId: 'flaky-1' });
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

    it('counts its jobs by state for the operator: waiting, active, delayed, failed', async () => {
      let release = () => undefined as void;
      const held = new Promise<void>((resolve) => (release = resolve));
      const slow = queue.define(defineJob({ name: 'slow', schema: payload, handle: () => held }));
      const later = queue.define(
        defineJob({ name: 'later', schema: payload, handle: async () => undefined }),
      );
      const doomed = queue.define(
        defineJob({
          name: 'doomed',
          schema: payload,
          attempts: 1,
          handle: async () => {
            throw new Error('fails for good');
          },
        }),
      );
      try {
        expect(await queue.depth()).toEqual({ waiting: 0, active: 0, delayed: 0, failed: 0 });
        await slow.enqueue({ to: 'a' }, { jobId: 'slow-1' });
        await later.enqueue({ to: 'b' }, { jobId: 'later-1', delayMs: 60000 });
        expect(await queue.depth()).toEqual({ waiting: 1, active: 0, delayed: 1, failed: 0 });
        await queue.start();
        await doomed.enqueue({ to: 'c' }, { jobId: 'doomed-1' });
        await eventually(async () =>
          expect(await queue.depth()).toEqual({ waiting: 0, active: 1, delayed: 1, failed: 1 }),
        );
        release();
        await eventually(async () =>
          expect(await queue.depth()).toEqual({ waiting: 0, active: 0, delayed: 1, failed: 1 }),
        );
      } finally {
        release();
      }
    });

    it('succeeds on a later attempt without dead-lettering', async () => {
      let calls = 0;
      const secondTime = queue.define(
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
      await secondTime.enqueue({ to: 'x' }, { jobId: 'st-1' });
      await eventually(async () => expect(await queue.state('st-1')).toBe('completed'), 5000);
      expect(calls).toBe(2);
      expect(await queue.deadLetters()).toEqual([]);
    });
  });
}
