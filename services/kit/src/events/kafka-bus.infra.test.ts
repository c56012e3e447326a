import { PostgresDatabase } from '../db/postgres-database';
import { infraEnv } from '../testing/infra-env';
import { silentLogger, uniqueWord } from '../testing/support';
import { describeEventsContract } from './events.suite';
import { KafkaBus } from './kafka-bus';

describeEventsContract('Kafka on PostgreSQL', {
  openDatabase: () => PostgresDatabase.open(infraEnv().DATABASE_URL),
  openBus: () =>
    KafkaBus.connect({
      brokers: infraEnv().KAFKA_BROKERS.split(','),
      clientId: `contract-${uniqueWord()}`,
      partitions: 3,
      replicationFactor: 1,
      logger: silentLogger,
    }),
  timeoutMs: 30000,
});
