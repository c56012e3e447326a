import { openTestDatabase } from '../testing/test-database';
import { describeEventsContract } from './events.suite';
import { LocalBus } from './local-bus';

describeEventsContract('LocalBus on PGlite', {
  openDatabase: () => openTestDatabase(),
  openBus: async () => new LocalBus(),
  timeoutMs: 5000,
});
