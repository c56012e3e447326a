-- Support's reads of a patient's orders move to the kit's audit trail, the same table in every
-- service schema (kit/0003), as action 'patient-orders.read': every line recorded so far is
-- copied with its id, then the gateway's own table goes, with the trigger function only it used.
insert into gateway.audit_trail (id, at, staff_id, staff_role, action, patient_id, ip)
select id, at, staff_id, role, 'patient-orders.read', user_id, address
from gateway.support_audit_log
order by id;
select setval(pg_get_serial_sequence('gateway.audit_trail', 'id'),
  coalesce((select max(id) from gateway.audit_trail), 0) + 1, false);
drop table gateway.support_audit_log;
drop function gateway.refuse_change();
