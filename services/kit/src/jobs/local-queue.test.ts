import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { systemClock } from '../clock';
import { kitMigrations } from '../db/kit-migrations';
import { migrate } from '../db/migrate';
import { PgliteDatabase } from '../db/pglite-database';
import { killHard, spawnTs } from '../testing/child-process';
import { eventually, silentLogger } from '../testing/support';
import { LocalQueue } from './local-queue';
import { defineJob } from './queue';
import { localQueueHarness } from './local-queue.harness';
import { describeQueueContract } from './queue.suite';

describeQueueContract(
  'LocalQueue on PGlite',
  localQueueHarness(() => PgliteDatabase.open()),
);

describe('LocalQueue across a crash', () => {
  jest.setTimeout(60000);

  it('runs a job again after its worker process was killed with SIGKILL, from the data folder', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'localqueue-'));
    const schema = 'crashq';
    const open = async () => {
      const db = await PgliteDatabase.open(dataDir);
      await migrate(db, schema, kitMigrations(schema));
      return db;
    };
    try {
      let db = await open();
      const hang = defineJob({
        name: 'hang',
        schema: z.object({ n: z.number() }),
        handle: async () => undefined,
      });
      const enqueuer = new LocalQueue({
        service: schema,
        schema,
        database: db,
        logger: silentLogger,
        clock: systemClock,
      });
      await enqueuer.define(hang).enqueue({ n: 1 }, { jobId: 'job-1' });
      await db.close();

      const worker = spawnTs('queue-worker-process.ts', [
        JSON.stringify({ kind: 'local-pglite', dataDir, schema, leaseMs: 1000 }),
      ]);
      await worker.waitFor('started job-1');
      await killHard(worker.child);

      db = await open();
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
      queue.define(
        defineJob({
          name: 'hang',
          schema: z.object({ n: z.number() }),
          handle: async (p, ctx) => void ran.push(ctx.attempt * 10 + p.n),
        }),
      );
      await queue.start();
      await eventually(async () => expect(await queue.state('job-1')).toBe('completed'), 15000);
      expect(ran).toEqual([21]); // second attempt, payload n = 1
      await queue.close();
      await db.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
