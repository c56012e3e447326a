/**
 * The order view on the real engines (PostgreSQL and Kafka): Kafka delivers at least once, so an
 * event may come again (a consumer that stopped before committing its offset, a publisher that
 * retried). The gateway's event log takes each event once and the view does not change.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  bootService,
  KafkaBus,
  PostgresDatabase,
  type BusMessage,
  type ServiceRuntime,
} from '@clinic/kit';
import { eventually, infraEnv, silentLogger, testEngines } from '@clinic/kit/testing';
import { orderEvents, orderItems } from './db/schema';
import { deliveredOrder, envelopeOf } from './domain/order-events.fixtures';
import { gatewayService } from './module';

let database: PostgresDatabase;
let bus: KafkaBus;
let runtime: ServiceRuntime;

beforeAll(async () => {
  database = await PostgresDatabase.open(infraEnv().DATABASE_URL);
  bus = await KafkaBus.connect({
    brokers: infraEnv().KAFKA_BROKERS.split(','),
    clientId: `order-view-${randomUUID().slice(0, 8)}`,
    partitions: 3,
    replicationFactor: 1,
    logger: silentLogger,
  });
  ({ runtime } = await bootService(gatewayService, testEngines(database, bus), undefined));
  await runtime.start();
}, 120_000);

afterAll(async () => {
  await runtime.stop();
  await bus.close();
  await database.close();
});

const itemsOf = (orderId: number) =>
  database.db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
const loggedOf = (orderId: number) =>
  database.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId));

it('takes an event Kafka delivers again once: the log and the view stay as they were', async () => {
  const orderId = 700_000 + randomInt(100_000);
  const userId = 900_000 + randomInt(100_000);
  const life = deliveredOrder(orderId, userId, Date.now() - 3_600_000).map((e) => envelopeOf(e));
  const messages = (envelopes: typeof life, key: number): BusMessage[] =>
    envelopes.map((envelope) => ({ topic: envelope.name, key: String(key), envelope }));

  await bus.publish(messages(life, orderId));
  await eventually(async () => {
    const [item] = await itemsOf(orderId);
    expect(item?.status).toBe('order_delivered');
    expect(await loggedOf(orderId)).toHaveLength(life.length);
  }, 60_000);
  const before = await itemsOf(orderId);

  // The same envelopes again, then, on the same topics and key (so the same partitions, after
  // them), another order's: once that one is in, the repeats before it were consumed too.
  await bus.publish(messages(life, orderId));
  const sentinelOrder = orderId + 100_000;
  const sentinel = deliveredOrder(sentinelOrder, userId, Date.now() - 3_600_000).map((e) =>
    envelopeOf(e),
  );
  await bus.publish(messages(sentinel, orderId));
  await eventually(async () => {
    expect(await loggedOf(sentinelOrder)).toHaveLength(sentinel.length);
    const [item] = await itemsOf(sentinelOrder);
    expect(item?.status).toBe('order_delivered');
  }, 60_000);

  expect(await loggedOf(orderId)).toHaveLength(life.length);
  expect(await itemsOf(orderId)).toEqual(before);
}, 180_000);
