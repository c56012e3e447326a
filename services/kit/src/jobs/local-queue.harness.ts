import { systemClock } from '../clock';
import type { Database } from '../db/database';
import { kitMigrations } from '../db/kit-migrations';
import { migrate } from '../db/migrate';
import { silentLogger } from '../testing/support';
import { LocalQueue } from './local-queue';
import type { QueueHarness } from './queue.suite';

/** The queue contract's harness for LocalQueue on one database, opened on first use. */
export function localQueueHarness(openDatabase: () => Promise<Database>): QueueHarness {
  let database: Database | undefined;
  return {
    open: async (service) => {
      database ??= await openDatabase();
      await migrate(database, service, kitMigrations(service));
      return new LocalQueue({
        service,
        schema: service,
        database,
        logger: silentLogger,
        clock: systemClock,
        pollMs: 20,
      });
    },
    database: async () => (database ??= await openDatabase()),
    teardown: async () => database?.close(),
  };
}
