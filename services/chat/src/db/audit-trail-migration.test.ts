import { join } from 'node:path';
import { expectAuditLineMoved } from '@clinic/kit/testing';

const at = '2026-11-20T10:00:00.000Z';

it("keeps every line of chat's own audit table when it moves to the kit's trail", async () => {
  await expectAuditLineMoved({
    schema: 'chat',
    migrationsDir: join(__dirname, 'migrations'),
    move: '0004_audit_trail.sql',
    old: `insert into chat.audit_log (id, staff_id, role, action, conversation_id, user_id, address, at)
      values (41, 8, 'support', 'patient-account.read', 5, 70, '203.0.113.9', '${at}')`,
    line: {
      service: 'chat',
      id: 41,
      at: new Date(at),
      staff: { id: 8, name: null, role: 'support' },
      action: 'patient-account.read',
      orderId: null,
      patientId: 70,
      subject: null,
      refs: { conversation: 5 },
      ip: '203.0.113.9',
    },
  });
});
