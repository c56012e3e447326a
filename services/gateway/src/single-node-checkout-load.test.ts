/**
 * Concurrent checkouts on the single node: requests go before the background work they cause
 * (kit's ConnectionQueue), and that work is only deferred, never lost or repeated. Every payment's
 * `payment-succeeded` reaches every consumer once (the kit's inbox in each service's schema).
 */
import { sql } from 'drizzle-orm';
import { loadConfig, rows } from '@clinic/kit';
import { eventually, silentLogger } from '@clinic/kit/testing';
import { gatewayConfigSchema } from './config';
import { startSingleNode, type RunningProduct } from './single-node';
import { payAll, prepareGuestPayments } from './testing/guest-payments';
import { productBootMs } from './testing/product-boot';

/** Every subscriber of checkout's payment-succeeded, by the service (schema) it runs in. */
const paymentConsumers = [
  ['checkout', 'queue-affiliate-conversion'],
  ['checkout', 'queue-order-confirmation'],
  ['clinic', 'open-cases-of-paid-orders'],
  ['forms', 'keep-paid-orders'],
  ['fulfillment', 'record-paid-supplies'],
  ['gateway', 'order-view-payment-succeeded'],
  ['marketing', 'funnel-payment-succeeded'],
  ['verification', 'remember-paid-cart'],
] as const;
const schemas = [...new Set(paymentConsumers.map(([schema]) => schema))];
/** The job checkout queues once per paid order (its job id is the order's). */
const confirmationJob = 'checkout.order-confirmation-email';

const payments = 24;
const concurrency = 12;

describe('single node under concurrent checkouts', () => {
  let product: RunningProduct;

  beforeAll(async () => {
    const config = loadConfig(gatewayConfigSchema, {
      PORT: '0',
      DATA_DIR: ':memory:',
      NODE_ENV: 'test',
    });
    product = await startSingleNode(config, { logger: silentLogger });
  }, productBootMs);
  afterAll(async () => product.close());

  const query = <T>(text: ReturnType<typeof sql>) => rows<T>(product.engines.database.db, text);

  it(
    "delivers every payment's event to every consumer once, however many pay at the same time",
    async () => {
      const paid = await prepareGuestPayments(product.url, payments);
      await payAll(product.url, paid, concurrency);
      expect(paid.map((p) => p.status)).toEqual(paid.map(() => 200));
      const orderIds = paid.map((p) => p.orderId!);
      expect(new Set(orderIds).size).toBe(payments);

      // The kit's own tables (outbox, inbox, jobs, dead letters), which every service has.
      const kit = (schema: string, table: string) =>
        sql`${sql.identifier(schema)}.${sql.identifier(table)}`;
      const events = await query<{ event_id: string }>(
        sql`select event_id::text from ${kit('checkout', 'outbox')}
            where name = 'payment-succeeded'
            and (envelope->'data'->>'orderId')::int in (${sql.join(orderIds, sql`, `)})`,
      );
      expect(events).toHaveLength(payments);
      const eventIds = sql.join(
        events.map((e) => sql`${e.event_id}::uuid`),
        sql`, `,
      );

      // Deferred while the checkouts ran, the background work catches up once they are done.
      await eventually(async () => {
        const handled = await query<{ schema: string; subscriber: string; n: number }>(
          sql.join(
            schemas.map(
              (schema) =>
                sql`select ${schema} as schema, subscriber, count(*)::int as n
                    from ${kit(schema, 'inbox')}
                    where event_id in (${eventIds}) group by subscriber`,
            ),
            sql` union all `,
          ),
        );
        expect(handled.map((h) => `${h.schema}/${h.subscriber}: ${h.n}`).sort()).toEqual(
          paymentConsumers.map(([schema, name]) => `${schema}/${name}: ${payments}`),
        );
        const unsent = await query<{ n: number }>(
          sql`select count(*)::int as n from ${kit('checkout', 'outbox')} where sent_at is null`,
        );
        expect(unsent).toEqual([{ n: 0 }]);
        const confirmations = await query<{ status: string; n: number }>(
          sql`select status, count(*)::int as n from ${kit('checkout', 'jobs')}
              where name = ${confirmationJob} group by status`,
        );
        expect(confirmations).toEqual([{ status: 'completed', n: payments }]);
      }, 90_000);

      // Once in effect: the order view (this service's own) logged each event and made each
      // order's item once, and no consumer gave up on an event.
      const logged = await query<{ n: number; events: number }>(
        sql`select count(*)::int as n, count(distinct event_id)::int as events
            from gateway.order_events where event_id in (${eventIds})`,
      );
      expect(logged).toEqual([{ n: payments, events: payments }]);
      const items = await query<{ n: number; orders: number }>(
        sql`select count(*)::int as n, count(distinct order_id)::int as orders
            from gateway.order_items where order_id in (${sql.join(orderIds, sql`, `)})`,
      );
      expect(items).toEqual([{ n: payments, orders: payments }]);
      const dead = await query<{ n: number }>(
        sql.join(
          schemas.map(
            (schema) => sql`select count(*)::int as n from ${kit(schema, 'dead_letters')}`,
          ),
          sql` union all `,
        ),
      );
      expect(dead.every((d) => d.n === 0)).toBe(true);
    },
    productBootMs,
  );
});
