/**
 * 0002_order_numbers.sql renumbers the shipments fulfilment numbered "GLP-{order}-{n}" with the
 * one order number (contracts' `orderNumber`), and the reship requests that carry those numbers.
 */
import { join } from 'node:path';
import { orderNumber } from '@clinic/contracts';
import { kitMigrations, loadMigrations, migrate } from '@clinic/kit';
import { openTestDatabase } from '@clinic/kit/testing';

const migrations = loadMigrations(join(__dirname, 'migrations'));
const before = migrations.filter((m) => m.name < '0002_order_numbers.sql');

it('renumbers existing shipments and reship requests the way orderNumber() numbers new ones', async () => {
  // As a service's start applies them: the kit's tables (its audit trail among them) first.
  const database = await openTestDatabase([
    { schema: 'fulfillment', migrations: kitMigrations('fulfillment') },
    { schema: 'fulfillment', migrations: before },
  ]);
  try {
    await database.scriptTransaction((client) =>
      client.exec(`
        insert into fulfillment.shipments
          (id, order_number, order_id, user_id, kind, replaces, prescription_id, drug, med_name,
           vials, status, created_at, updated_at)
        values
          (1, 'GLP-7-1', 7, 70, 'first', null, 'rx-7', 'semaglutide', 'm', 3, 'order_delivered', now(), now()),
          (2, 'GLP-7-2', 7, 70, 'reship', 1, 'rx-7', 'semaglutide', 'm', 3, 'order_delivered', now(), now()),
          (3, 'GLP-7-3', 7, 70, 'refill', null, 'rx-7', 'semaglutide', 'm', 3, 'order_placed', now(), now()),
          (4, 'GLP-7-4', 7, 70, 'refill', null, 'rx-7', 'semaglutide', 'm', 3, 'awaiting_check_in', now(), now()),
          (5, 'GLP-1042-1', 1042, 71, 'first', null, 'rx-1042', 'tirzepatide', 'm', 3, 'order_placed', now(), now()),
          (6, 'GLP-12345-1', 12345, 72, 'first', null, 'rx-12345', 'tirzepatide', 'm', 3, 'order_placed', now(), now());
        insert into fulfillment.reships
          (shipment_id, user_id, items, reason, image_file, requested_at, status)
        values
          (1, 70, '[{"id": "GLP-7-1", "name": "Compounded Semaglutide injection"}]', 'Broken', 'a.png', now(), 'approved');
      `),
    );

    await migrate(database, 'fulfillment', migrations);

    const numbers = await database.scriptTransaction((client) =>
      client.query<{ id: number; order_number: string }>(
        'select id, order_number from fulfillment.shipments order by id',
      ),
    );
    expect(numbers.map((r) => r.order_number)).toEqual([
      orderNumber(7),
      orderNumber(7, { kind: 'reship', sequence: 1 }),
      orderNumber(7, { kind: 'refill', sequence: 1 }),
      orderNumber(7, { kind: 'refill', sequence: 2 }),
      orderNumber(1042),
      orderNumber(12345),
    ]);
    expect(numbers.map((r) => r.order_number)).toEqual([
      '#0007',
      '#0007 (replacement 1)',
      '#0007 (refill 1)',
      '#0007 (refill 2)',
      '#1042',
      '#12345',
    ]);

    const [reship] = await database.scriptTransaction((client) =>
      client.query<{ items: { id: string; name: string }[] }>(
        'select items from fulfillment.reships',
      ),
    );
    expect(reship!.items).toEqual([{ id: '#0007', name: 'Compounded Semaglutide injection' }]);
  } finally {
    await database.close();
  }
});
