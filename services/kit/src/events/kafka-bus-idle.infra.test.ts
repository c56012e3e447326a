import { createHook } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { infraEnv } from '../testing/infra-env';
import { silentLogger, uniqueWord } from '../testing/support';
import { KafkaBus } from './kafka-bus';

/**
 * An idle connection to Kafka must cost (almost) nothing. KafkaJS 2.2.4's request queue re-armed a
 * 1 ms timer for ever once a connection had answered once (tulios/kafkajs#1556), about 15 ms of
 * CPU a second in every process: with checkout capped at 0.05 CPU, a third of an instance's
 * quota went to it (issue 29). patches/kafkajs+2.2.4.patch stops it; this fails without it.
 */
describe('Kafka bus at rest', () => {
  let bus: KafkaBus;

  beforeAll(async () => {
    bus = await KafkaBus.connect({
      brokers: infraEnv().KAFKA_BROKERS.split(','),
      clientId: `idle-${uniqueWord()}`,
      partitions: 1,
      replicationFactor: 1,
      logger: silentLogger,
    });
    const topic = `idle-${uniqueWord()}`;
    await bus.subscribe(`idle-${uniqueWord()}`, [topic], () => Promise.resolve());
    await bus.publish([
      {
        topic,
        key: 'k',
        envelope: {
          id: randomUUID(),
          name: topic,
          version: 1,
          occurredAt: new Date().toISOString(),
          data: {},
          metadata: { correlationId: randomUUID(), causationId: null },
        },
      },
    ]);
  }, 60000);

  afterAll(() => bus.close());

  it('arms no timer loop once its producer, admin and consumer connections have answered', async () => {
    await new Promise((r) => setTimeout(r, 500));
    let timers = 0;
    const hook = createHook({
      init: (_id, type) => {
        if (type === 'Timeout') timers += 1;
      },
    }).enable();
    await new Promise((r) => setTimeout(r, 2000));
    hook.disable();
    // At rest the consumer's fetch long-polls and heartbeats every 3 s: a few timers, where the
    // loop armed about a thousand a second per connection.
    expect(timers).toBeLessThan(100);
  }, 10000);
});
