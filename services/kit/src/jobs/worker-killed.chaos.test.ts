/**
 * Chaos: a BullMQ worker process SIGKILLed 50 times mid-job, half of the kills before its job's
 * effect and half after it (before the job is acknowledged). Every job is run again after its
 * lease and completes; each has exactly one effect, because the handler writes it as product
 * handlers do: idempotently, keyed by the job. A job under which its worker died more than 3
 * times is held as a dead letter instead (a poison pill, maxStalledCount), so the kills here
 * spread over the jobs: at most 2 under any one (a kill takes every job its process runs).
 */
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { PostgresDatabase } from '../db/postgres-database';
import { rows } from '../db/database';
import { killHard, spawnTs } from '../testing/child-process';
import { infraEnv } from '../testing/infra-env';
import { eventually, silentLogger, uniqueWord } from '../testing/support';
import { BullMQQueue } from './bullmq-queue';
import { defineJob } from './queue';

const KILLS = 50;
const JOBS = 120;
const LEASE_MS = 1000;

describe('chaos: a queue worker killed mid-job', () => {
  jest.setTimeout(600000);
  const word = uniqueWord(6);
  const schema = `chaos_jobs_${word}`;
  const service = `chaosq_${word}`;
  const prefix = `chaos_${word}`;
  let db: PostgresDatabase;
  let queue: BullMQQueue;

  beforeAll(async () => {
    db = await PostgresDatabase.open(infraEnv().DATABASE_URL);
    await db.db.execute(sql`CREATE SCHEMA ${sql.identifier(schema)}`);
    await db.db.execute(
      // One row per application, no key: an effect applied twice would show as two rows.
      sql`CREATE TABLE ${sql.identifier(schema)}.effects (job_id text NOT NULL, at timestamptz NOT NULL DEFAULT now())`,
    );
    queue = await BullMQQueue.connect({
      service,
      redisUrl: infraEnv().REDIS_URL,
      prefix,
      logger: silentLogger,
      leaseMs: LEASE_MS,
    });
  });
  afterAll(async () => {
    await queue?.close();
    await db?.db.execute(sql`DROP SCHEMA IF EXISTS ${sql.identifier(schema)} CASCADE`);
    await db?.close();
  });

  it(`${KILLS} kills, half before and half after the effect: one effect per job`, async () => {
    // Only enqueued here: the workers are the child processes.
    const effect = queue.define(
      defineJob({
        name: 'effect',
        schema: z.object({ n: z.number() }),
        handle: async () => {
          throw new Error('this process never works the queue');
        },
      }),
    );
    for (let n = 1; n <= JOBS; n++) await effect.enqueue({ n }, { jobId: `job-${n}` });

    const options = JSON.stringify({
      kind: 'bullmq',
      redisUrl: infraEnv().REDIS_URL,
      service,
      prefix,
      leaseMs: LEASE_MS,
      effects: { url: infraEnv().DATABASE_URL, schema, pauseMs: 200 },
    });
    let starts = 0;
    const killedUnder = new Map<string, number>();
    for (let kill = 1; kill <= KILLS; kill++) {
      const worker = spawnTs('queue-worker-process.ts', [options]);
      // Odd kills land before a job's effect, even ones after it and before its completion.
      const phase = kill % 2 ? 'started' : 'applied';
      try {
        await eventually(
          () => {
            const lines = [...worker.output().matchAll(/(started|applied|finished) (job-\d+)/g)];
            const running = new Set<string>();
            for (const [, p, job] of lines)
              if (p === 'started') running.add(job!);
              else if (p === 'finished') running.delete(job!);
            const last = lines.at(-1);
            // The moment: the phase wanted was just reached, and no job that would die with this
            // process has had its worker die under it twice already.
            expect(last?.[1]).toBe(phase);
            expect([...running].every((job) => (killedUnder.get(job) ?? 0) < 2)).toBe(true);
            worker.child.kill('SIGKILL');
            for (const job of running) killedUnder.set(job, (killedUnder.get(job) ?? 0) + 1);
          },
          30000,
          5,
        );
      } finally {
        await killHard(worker.child);
      }
      starts += worker.output().split('started job-').length - 1;
    }

    const last = spawnTs('queue-worker-process.ts', [options]);
    try {
      await eventually(
        async () => {
          for (let n = 1; n <= JOBS; n++) expect(await queue.state(`job-${n}`)).toBe('completed');
        },
        120000,
        500,
      );
    } finally {
      await killHard(last.child);
    }
    starts += last.output().split('started job-').length - 1;
    const effects = await rows<{ job_id: string; n: number }>(
      db.db,
      sql`SELECT job_id, count(*)::int AS n FROM ${sql.identifier(schema)}.effects GROUP BY job_id`,
    );
    console.log(
      `chaos worker-killed: ${JOBS} jobs, ${KILLS} SIGKILLs of their worker, ${starts} handler runs, ` +
        `${effects.length} jobs with an effect, ${effects.filter((e) => e.n > 1).length} applied twice`,
    );
    expect(starts).toBeGreaterThan(JOBS + KILLS / 2);
    expect(effects.filter((e) => e.n > 1)).toEqual([]);
    expect(effects.map((e) => e.job_id).sort()).toEqual(
      Array.from({ length: JOBS }, (_, i) => `job-${i + 1}`).sort(),
    );
  });
});
