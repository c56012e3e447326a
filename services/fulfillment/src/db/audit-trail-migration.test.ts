import { join } from 'node:path';
import { expectAuditLineMoved } from '@clinic/kit/testing';

const at = '2026-11-20T10:00:00.000Z';

it("keeps every line of fulfilment's own audit table when it moves to the kit's trail", async () => {
  await expectAuditLineMoved({
    schema: 'fulfillment',
    migrationsDir: join(__dirname, 'migrations'),
    move: '0003_audit_trail.sql',
    old: `insert into fulfillment.audit_log
      (id, staff_id, role, action, shipment_id, reship_id, user_id, address, at)
      values (41, 9, 'pharmacy', 'reship.approve', 3, 2, 70, '203.0.113.9', '${at}')`,
    line: {
      service: 'fulfillment',
      id: 41,
      at: new Date(at),
      staff: { id: 9, name: null, role: 'pharmacy' },
      action: 'reship.approve',
      orderId: null,
      patientId: 70,
      subject: null,
      refs: { shipment: 3, reship: 2 },
      ip: '203.0.113.9',
    },
  });
});
