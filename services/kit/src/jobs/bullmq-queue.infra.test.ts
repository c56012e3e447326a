import IORedis from 'ioredis';
import { z } from 'zod';
import { killHard, spawnTs } from '../testing/child-process';
import { infraEnv } from '../testing/infra-env';
import { eventually, silentLogger, uniqueWord } from '../testing/support';
import { PgliteDatabase } from '../db/pglite-database';
import { BullMQQueue } from './bullmq-queue';
import { defineJob } from './queue';
import { describeQueueContract } from './queue.suite';

const prefix = `test_${uniqueWord(4)}`;

// The service's own database (for enqueue-after-commit through the job outbox) is embedded.
let database: PgliteDatabase | undefined;
describeQueueContract('BullMQ on Redis', {
  open: (service) =>
    BullMQQueue.connect({ service, redisUrl: infraEnv().REDIS_URL, prefix, logger: silentLogger }),
  database: async () => (database ??= await PgliteDatabase.open()),
  teardown: async () => database?.close(),
});

describe('BullMQQueue safety', () => {
  jest.setTimeout(60000);

  it('refuses to start on a Redis that may evict keys', async () => {
    const redis = new IORedis(infraEnv().REDIS_URL);
    try {
      await redis.config('SET', 'maxmemory-policy', 'allkeys-lru');
      await expect(
        BullMQQueue.connect({
          service: 'evicting',
          redisUrl: infraEnv().REDIS_URL,
          prefix,
          logger: silentLogger,
        }),
      ).rejects.toThrow('maxmemory-policy is "allkeys-lru"');
    } finally {
      await redis.config('SET', 'maxmemory-policy', 'noeviction');
      redis.disconnect();
    }
  });

  it('runs a job again after its worker process was killed with SIGKILL', async () => {
    const service = `killq_${uniqueWord()}`;
    const queue = await BullMQQueue.connect({
      service,
      redisUrl: infraEnv().REDIS_URL,
      prefix,
      logger: silentLogger,
      leaseMs: 1000,
    });
    const ran: number[] = [];
    const hang = queue.define(
      defineJob({
        name: 'hang',
        schema: z.object({ n: z.number() }),
        handle: async (_p, ctx) => void ran.push(ctx.attempt),
      }),
    );
    await hang.enqueue({ n: 1 }, { jobId: 'job-1' });

    const worker = spawnTs('queue-worker-process.ts', [
      JSON.stringify({
        kind: 'bullmq',
        redisUrl: infraEnv().REDIS_URL,
        service,
        prefix,
        leaseMs: 1000,
      }),
    ]);
    try {
      await worker.waitFor('started job-1', 15000);
      await killHard(worker.child);
      await queue.start();
      await eventually(async () => expect(await queue.state('job-1')).toBe('completed'), 20000);
      expect(ran).toHaveLength(1);
    } finally {
      await killHard(worker.child);
      await queue.close();
    }
  });
});
