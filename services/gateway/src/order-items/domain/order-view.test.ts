/**
 * The order view in the gateway's database, fed through the bus: each event logged once (a
 * redelivery changes nothing), the same rows whatever order the events arrive in, and a rebuild
 * from the log giving exactly the live rows.
 */
import { count } from 'drizzle-orm';
import { orderEvents } from '../db/schema';
import { startOrderView, type OrderViewHarness } from '../testing/order-view-harness';
import { deliveredOrder, orderLife } from './order-events.fixtures';
import { rebuildOrderView, recordOrderEvent } from './order-view';

describe('the order view from the bus', () => {
  let h: OrderViewHarness;
  beforeEach(async () => {
    h = await startOrderView();
  });
  afterEach(() => h.close());

  const logSize = async () =>
    (await h.service.runtime.db.select({ n: count() }).from(orderEvents))[0]!.n;

  it('changes nothing when the bus delivers the same envelopes again', async () => {
    const envelopes = await h.publish(deliveredOrder(1, 11));
    const before = await h.view();
    expect(before.items).toHaveLength(1);
    expect(before.items[0]).toMatchObject({ status: 'order_delivered', userId: 11 });
    await h.deliver(envelopes);
    await h.deliver([...envelopes].reverse());
    expect(await h.view()).toEqual(before);
    expect(await logSize()).toBe(envelopes.length);
  });

  it('logs an event once even when the kit inbox has not seen it (a replay into a fresh inbox)', async () => {
    const [paid] = await h.publish([orderLife(2, 12).paid]);
    const before = await h.view();
    // Straight into the log's writer, as another subscriber name would: still no second entry.
    await h.service.runtime.transaction(async (tx) => {
      expect(await recordOrderEvent(tx, paid!, { orderId: 2, userId: 12 })).toBe(false);
    });
    expect(await h.view()).toEqual(before);
    expect(await logSize()).toBe(1);
  });

  it('makes the same rows when events arrive out of order across topics', async () => {
    const life = orderLife(3, 13);
    const events = [
      ...deliveredOrder(3, 13),
      life.shipment('reship', 31, 25 * 60),
      life.placed(31, 25 * 60 + 5),
    ];
    await h.publish(events);
    const inOrder = await h.view();
    await h.close();

    h = await startOrderView();
    // Fulfilment's topics drained first, then the clinic's, then checkout's and forms'.
    await h.publish([...events].reverse());
    expect(await h.view()).toEqual(inOrder);
  });

  it('rebuilds from the log exactly the rows the live view holds', async () => {
    const other = orderLife(5, 14);
    await h.publish([
      ...deliveredOrder(4, 14),
      other.paid,
      other.submitted(true),
      other.shipment('refill', 51, 60, 'check-in'),
      ...deliveredOrder(6, 15).slice(0, 4),
      orderLife(7, 15).paid,
      orderLife(7, 15).withdrawn,
    ]);
    const live = await h.view();
    expect(live.items).toHaveLength(5);
    expect(live.patients).toEqual([
      expect.objectContaining({ userId: 14, healthId: 'H-14' }),
      expect.objectContaining({ userId: 15, healthId: 'H-15' }),
    ]);
    const report = await rebuildOrderView(h.service.engines.database, { ordersPerBatch: 2 });
    expect(report).toEqual({ events: await logSize(), orders: 4, items: 5, patients: 2 });
    expect(await h.view()).toEqual(live);
  });
});
