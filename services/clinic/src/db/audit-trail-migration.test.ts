import { join } from 'node:path';
import { expectAuditLineMoved } from '@clinic/kit/testing';

const at = '2026-11-20T10:00:00.000Z';

it("keeps every line of clinic's own audit table when it moves to the kit's trail", async () => {
  await expectAuditLineMoved({
    schema: 'clinic',
    migrationsDir: join(__dirname, 'migrations'),
    move: '0004_audit_trail.sql',
    old: `insert into clinic.audit_log
      (id, at, staff_id, staff_name, staff_role, action, order_id, patient_id, subject, ip)
      values (41, '${at}', 7, 'Casey Clinician', 'clinician', 'file.read', 12, 70, 'id.png', '203.0.113.9')`,
    line: {
      service: 'clinic',
      id: 41,
      at: new Date(at),
      staff: { id: 7, name: 'Casey Clinician', role: 'clinician' },
      action: 'file.read',
      orderId: 12,
      patientId: 70,
      subject: 'id.png',
      refs: {},
      ip: '203.0.113.9',
    },
  });
});
