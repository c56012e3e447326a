/**
 * The product as `npm run bench:order-items` measures it: single-node (`npm start`'s
 * startSingleNode, embedded engines), then the demo patient's orders published on the product's
 * bus as the services publish them (so through every subscriber, the gateway's log and its
 * projection): BENCH_ORDERS orders, every third with a refill shipment, a third still in review.
 *
 * The process runs with NODE_ENV=production (as deployed: no response contract check); only the
 * product's configuration says development, so that the demo patient is created to log in with.
 */
import type { BusMessage } from '@clinic/kit';
import { loadConfig } from '@clinic/kit';
import { demoAccounts } from '@clinic/identity';
import { gatewayConfigSchema } from '../../config';
import { startSingleNode } from '../../single-node';
import {
  deliveredOrder,
  envelopeOf,
  orderLife,
  type OrderEvent,
} from '../domain/order-events.fixtures';

const DAY = 24 * 60 * 60 * 1000;

async function main(): Promise<void> {
  const config = loadConfig(gatewayConfigSchema, { ...process.env, NODE_ENV: 'development' });
  const product = await startSingleNode(config);
  const login = await fetch(`${product.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: demoAccounts.patient.email,
      password: demoAccounts.patient.password,
    }),
  });
  if (login.status !== 200) throw new Error(`the demo patient cannot log in: ${login.status}`);
  const userId = ((await login.json()) as { user: { id: number } }).user.id;

  const orders = Number(process.env.BENCH_ORDERS ?? 6);
  const start = Date.now() - (orders + 1) * 2 * DAY;
  const events: OrderEvent[] = [];
  let items = 0;
  for (let i = 0; i < orders; i++) {
    const orderId = 900_001 + i;
    const t0 = start + i * 2 * DAY;
    const life = orderLife(orderId, userId, orderId * 10, t0);
    if (i % 3 === 2) {
      events.push(life.paid, life.submitted());
      items += 1;
    } else {
      events.push(...deliveredOrder(orderId, userId, t0));
      items += 1;
      if (i % 3 === 0) {
        events.push(life.shipment('refill', orderId * 10 + 1, 36 * 60, 'check-in'));
        items += 1;
      }
    }
  }
  for (const event of events) {
    const envelope = envelopeOf(event);
    const message: BusMessage = {
      topic: envelope.name,
      key: event.def.keyOf(event.data),
      envelope,
    };
    await product.engines.bus.publish([message]);
  }
  console.log(
    `bench product on ${product.url}: ${events.length} events published for the demo patient ` +
      `(user ${userId}): ${orders} orders, ${items} items expected`,
  );
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await product.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
