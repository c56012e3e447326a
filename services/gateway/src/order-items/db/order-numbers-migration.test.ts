/**
 * 0003_order_numbers.sql gives the items the view built before the one order number the numbers
 * a rebuild would give them: the order's own, and a refill's or replacement's with its label.
 */
import { join } from 'node:path';
import { orderNumber } from '@clinic/contracts';
import { kitMigrations, loadMigrations, migrate } from '@clinic/kit';
import { openTestDatabase } from '@clinic/kit/testing';

const migrations = loadMigrations(join(__dirname, 'migrations'));
const before = migrations.filter((m) => m.name < '0003_order_numbers.sql');

it('renumbers the items built with the "GLP-{order}-{n}" numbers, and numbers the unshipped ones', async () => {
  // As a service's start applies them: the kit's tables (its audit trail among them) first.
  const database = await openTestDatabase([
    { schema: 'gateway', migrations: kitMigrations('gateway') },
    { schema: 'gateway', migrations: before },
  ]);
  const item = (
    itemId: string,
    orderId: number,
    kind: string,
    shipmentId: number | null,
    number: string | null,
  ) =>
    `('${itemId}', ${orderId}, 42, '${kind}', ${shipmentId ?? 'null'}, 'order_placed', now(), 5,
      now(), now(), '{"id": ${orderId}, "order_number": ${number === null ? 'null' : `"${number}"`}, "status": "order_placed"}')`;
  try {
    await database.scriptTransaction((client) =>
      client.exec(`
        insert into gateway.order_items
          (item_id, order_id, user_id, kind, shipment_id, status, status_at, submitted,
           created_at, updated_at, answer)
        values
          ${[
            item('order-7', 7, 'first', null, 'GLP-7-1'),
            item('shipment-11', 7, 'reship', 11, 'GLP-7-2'),
            item('shipment-12', 7, 'refill', 12, 'GLP-7-3'),
            item('shipment-15', 7, 'refill', 15, 'GLP-7-4'),
            item('order-8', 8, 'first', null, null),
          ].join(',\n')};
      `),
    );

    await migrate(database, 'gateway', migrations);

    const rows = await database.scriptTransaction((client) =>
      client.query<{ item_id: string; answer: { order_number: string; status: string } }>(
        'select item_id, answer from gateway.order_items order by order_id, shipment_id nulls first',
      ),
    );
    expect(rows.map((r) => [r.item_id, r.answer.order_number])).toEqual([
      ['order-7', orderNumber(7)],
      ['shipment-11', orderNumber(7, { kind: 'reship', sequence: 1 })],
      ['shipment-12', orderNumber(7, { kind: 'refill', sequence: 1 })],
      ['shipment-15', orderNumber(7, { kind: 'refill', sequence: 2 })],
      ['order-8', '#0008'],
    ]);
    expect(rows[0]!.answer.status).toBe('order_placed');
  } finally {
    await database.close();
  }
});
