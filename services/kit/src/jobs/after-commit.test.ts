import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { systemClock } from '../clock';
import { rows, type Database } from '../db/database';
import { kitMigrations } from '../db/kit-migrations';
import { migrate } from '../db/migrate';
import { PgliteDatabase } from '../db/pglite-database';
import { Outbox } from '../events/outbox';
import { UnitOfWork } from '../runtime/unit-of-work';
import { eventually, silentLogger, sleep } from '../testing/support';
import { JobOutbox } from './job-outbox';
import { LocalQueue } from './local-queue';
import { defineJob, type JobHandle } from './queue';

/**
 * The job-outbox path of enqueue-after-commit on embedded engines: the queue is a LocalQueue in
 * another database than the service's transactions, so, like BullMQ, it cannot join them.
 */
describe('enqueue after commit, through the job outbox', () => {
  jest.setTimeout(30000);
  const schema = 'svc';
  let serviceDb: Database;
  let queueDb: Database;
  let queue: LocalQueue;
  let greet: JobHandle<z.ZodObject<{ to: z.ZodString }>>;
  const seen: string[] = [];

  const jobOutbox = (minAgeMs = 0) =>
    new JobOutbox({
      schema,
      database: serviceDb,
      queue,
      clock: systemClock,
      logger: silentLogger,
      minAgeMs,
    });
  const unitOfWork = (outbox: JobOutbox) =>
    new UnitOfWork(serviceDb, new Outbox(schema, systemClock), () => undefined, outbox);

  beforeAll(async () => {
    serviceDb = await PgliteDatabase.open();
    queueDb = await PgliteDatabase.open();
    await migrate(serviceDb, schema, kitMigrations(schema));
    await migrate(queueDb, schema, kitMigrations(schema));
  }, 120_000); // two embedded databases on busy shared cores
  afterAll(async () => {
    await serviceDb.close();
    await queueDb.close();
  });
  beforeEach(async () => {
    seen.length = 0;
    queue = new LocalQueue({
      service: schema,
      schema,
      database: queueDb,
      logger: silentLogger,
      clock: systemClock,
      pollMs: 20,
    });
    greet = queue.define(
      defineJob({
        name: 'greet',
        schema: z.object({ to: z.string() }),
        handle: async (p) => void seen.push(p.to),
      }),
    );
    await queue.start();
  });
  afterEach(async () => {
    await queue.close();
  });

  it('hands the job to the queue once the transaction commits, and empties the outbox', async () => {
    const outbox = jobOutbox(60_000);
    await unitOfWork(outbox).run(async (tx) => {
      await greet.enqueueAfterCommit(tx, { to: 'ann' }, { jobId: 'ann-1' });
      await sleep(300);
      expect(await queue.state('ann-1')).toBe('unknown');
    });
    await eventually(() => expect(seen).toEqual(['ann']));
    await eventually(async () =>
      expect(await rows(serviceDb.db, sql`select seq from svc.job_outbox`)).toEqual([]),
    );
  });

  it('leaves nothing behind when the transaction rolls back', async () => {
    const outbox = jobOutbox();
    await expect(
      unitOfWork(outbox).run(async (tx) => {
        await greet.enqueueAfterCommit(tx, { to: 'bob' }, { jobId: 'bob-1' });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await outbox.sweep()).toBe(0);
    await sleep(200);
    expect(seen).toEqual([]);
    expect(await queue.state('bob-1')).toBe('unknown');
  });

  it('a job committed by a process that died before handing it over runs after the sweep', async () => {
    const dead = jobOutbox();
    // The dead process: its transaction committed the row, its hand-over never ran.
    await serviceDb.transaction((tx) => dead.write(tx, 'greet', { to: 'cy' }, { jobId: 'cy-1' }));
    await sleep(300);
    expect(seen).toEqual([]);
    expect(await jobOutbox().sweep()).toBe(1);
    await eventually(() => expect(seen).toEqual(['cy']));
    expect(await jobOutbox().sweep()).toBe(0);
  });

  it('refuses a transaction that did not come from a unit of work', async () => {
    await expect(
      serviceDb.transaction((tx) => greet.enqueueAfterCommit(tx, { to: 'dee' })),
    ).rejects.toThrow('needs a transaction of runtime.transaction');
  });
});
