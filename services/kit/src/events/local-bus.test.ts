import { PgliteDatabase } from '../db/pglite-database';
import { describeEventsContract } from './events.suite';
import { LocalBus } from './local-bus';

describeEventsContract('LocalBus on PGlite', {
  openDatabase: () => PgliteDatabase.open(),
  openBus: async () => new LocalBus(),
  timeoutMs: 5000,
});
