/**
 * A publishing service in a child process, for tests that kill its relay with SIGKILL mid-run.
 * It commits `count` events of the named test event to its outbox, then relays them to Kafka in
 * small batches, printing `relaying` when it starts.
 * Usage: node --import tsx relay-process.ts '<json options>'
 */
import { z } from 'zod';
import { defineEvent } from '@clinic/contracts';
import { PostgresDatabase } from '../db/postgres-database';
import { KafkaBus } from '../events/kafka-bus';
import { ServiceRuntime } from '../runtime/service-runtime';
import { testEngines } from './engines';
import { silentLogger } from './support';

interface Options {
  url: string;
  brokers: string;
  schema: string;
  event: string;
  count: number;
}

async function main(): Promise<void> {
  const opts = JSON.parse(process.argv[2] ?? '{}') as Options;
  const event = defineEvent({
    name: opts.event,
    version: 1,
    schema: z.object({ n: z.number() }),
    keyOf: (d) => String(d.n % 3),
    description: 'test',
  });
  const database = await PostgresDatabase.open(opts.url);
  const bus = await KafkaBus.connect({
    brokers: opts.brokers.split(','),
    clientId: 'relay-child',
    partitions: 3,
    replicationFactor: 1,
    logger: silentLogger,
  });
  const runtime = await ServiceRuntime.create(opts.schema, null, testEngines(database, bus), {
    relayBatchSize: 5,
    relayPollMs: 20,
    relayLeaseMs: 2000,
  });
  for (let n = 1; n <= opts.count; n += 1) {
    await runtime.transaction(async (_tx, events) => {
      await events.publish(event, { n });
    });
  }
  process.stdout.write('relaying\n');
  await runtime.run();
}

main().catch((err) => {
  process.stderr.write(`${String(err)}\n`);
  process.exit(1);
});
