import { join } from 'node:path';
import { expectAuditLineMoved } from '@clinic/kit/testing';

const at = '2026-11-20T10:00:00.000Z';

it("keeps every line of support's reads of orders's own audit table when it moves to the kit's trail", async () => {
  await expectAuditLineMoved({
    schema: 'gateway',
    migrationsDir: join(__dirname, 'migrations'),
    move: '0004_audit_trail.sql',
    old: `insert into gateway.support_audit_log (id, staff_id, role, user_id, address, at)
      values (41, 6, 'support', 70, '203.0.113.9', '${at}')`,
    line: {
      service: 'gateway',
      id: 41,
      at: new Date(at),
      staff: { id: 6, name: null, role: 'support' },
      action: 'patient-orders.read',
      orderId: null,
      patientId: 70,
      subject: null,
      refs: {},
      ip: '203.0.113.9',
    },
  });
});
