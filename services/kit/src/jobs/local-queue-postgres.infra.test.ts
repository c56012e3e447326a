import { z } from 'zod';
import { systemClock } from '../clock';
import { kitMigrations } from '../db/kit-migrations';
import { migrate } from '../db/migrate';
import { PostgresDatabase } from '../db/postgres-database';
import { killHard, spawnTs } from '../testing/child-process';
import { infraEnv } from '../testing/infra-env';
import { eventually, silentLogger, uniqueWord } from '../testing/support';
import { LocalQueue } from './local-queue';
import { defineJob } from './queue';
import { localQueueHarness } from './local-queue.harness';
import { describeQueueContract } from './queue.suite';

describeQueueContract(
  'LocalQueue on PostgreSQL',
  localQueueHarness(() => PostgresDatabase.open(infraEnv().DATABASE_URL)),
);

describe('LocalQueue on PostgreSQL with a killed worker', () => {
  it('reclaims the job once the dead worker lease has passed', async () => {
    const schema = `killq_${uniqueWord()}`;
    const db = await PostgresDatabase.open(infraEnv().DATABASE_URL);
    await migrate(db, schema, kitMigrations(schema));
    const ran: number[] = [];
    const queue = new LocalQueue({
      service: schema,
      schema,
      database: db,
      logger: silentLogger,
      clock: systemClock,
      pollMs: 50,
      leaseMs: 1000,
    });
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
        kind: 'local-postgres',
        url: infraEnv().DATABASE_URL,
        schema,
        leaseMs: 1000,
      }),
    ]);
    try {
      await worker.waitFor('started job-1', 15000);
      await killHard(worker.child);
      await queue.start();
      await eventually(async () => expect(await queue.state('job-1')).toBe('completed'), 15000);
      expect(ran).toEqual([2]);
    } finally {
      await killHard(worker.child);
      await queue.close();
      await db.close();
    }
  });
});
