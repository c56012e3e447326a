/**
 * A queue worker in a child process, for tests that kill it with SIGKILL mid-job. It works the
 * job `hang`, printing `started <jobId>` and then never finishing, and (given `effects`) the job
 * `effect`: `started <jobId>`, a pause, its effect (a row in PostgreSQL, written as a product
 * handler writes one: only if the job's is not there yet), `applied <jobId>`, a pause, `finished <jobId>`.
 * Usage: node --import tsx queue-worker-process.ts '<json options>'
 */
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { systemClock } from '../clock';
import { PgliteDatabase } from '../db/pglite-database';
import { PostgresDatabase } from '../db/postgres-database';
import { BullMQQueue } from '../jobs/bullmq-queue';
import { LocalQueue } from '../jobs/local-queue';
import { defineJob, type Queue } from '../jobs/queue';
import { silentLogger } from './support';

type Options =
  | { kind: 'local-pglite'; dataDir: string; schema: string; leaseMs: number }
  | { kind: 'local-postgres'; url: string; schema: string; leaseMs: number }
  | {
      kind: 'bullmq';
      redisUrl: string;
      service: string;
      prefix: string;
      leaseMs: number;
      /** The `effect` job's table (`<schema>.effects`, one row per application) and pause. */
      effects?: { url: string; schema: string; pauseMs: number };
    };

async function main(): Promise<void> {
  const opts = JSON.parse(process.argv[2] ?? '{}') as Options;
  let queue: Queue;
  if (opts.kind === 'bullmq') {
    queue = await BullMQQueue.connect({
      service: opts.service,
      redisUrl: opts.redisUrl,
      prefix: opts.prefix,
      logger: silentLogger,
      leaseMs: opts.leaseMs,
    });
  } else {
    const database =
      opts.kind === 'local-pglite'
        ? await PgliteDatabase.open(opts.dataDir)
        : await PostgresDatabase.open(opts.url);
    queue = new LocalQueue({
      service: opts.schema,
      schema: opts.schema,
      database,
      logger: silentLogger,
      clock: systemClock,
      pollMs: 20,
      leaseMs: opts.leaseMs,
    });
  }
  queue.define(
    defineJob({
      name: 'hang',
      schema: z.object({ n: z.number() }),
      handle: async (_p, ctx) => {
        process.stdout.write(`started ${ctx.jobId}\n`);
        await new Promise(() => undefined);
      },
    }),
  );
  if (opts.kind === 'bullmq' && opts.effects) {
    const { url, schema, pauseMs } = opts.effects;
    const effects = await PostgresDatabase.open(url);
    const pause = () => new Promise((r) => setTimeout(r, pauseMs));
    queue.define(
      defineJob({
        name: 'effect',
        schema: z.object({ n: z.number() }),
        handle: async (_p, ctx) => {
          process.stdout.write(`started ${ctx.jobId}\n`);
          await pause();
          await effects.db.execute(
            sql`INSERT INTO ${sql.identifier(schema)}.effects (job_id) SELECT ${ctx.jobId}
                WHERE NOT EXISTS (SELECT 1 FROM ${sql.identifier(schema)}.effects WHERE job_id = ${ctx.jobId})`,
          );
          process.stdout.write(`applied ${ctx.jobId}\n`);
          await pause();
          process.stdout.write(`finished ${ctx.jobId}\n`);
        },
      }),
    );
  }
  await queue.start();
  process.stdout.write('ready\n');
}

main().catch((err) => {
  process.stderr.write(`${String(err)}\n`);
  process.exit(1);
});
