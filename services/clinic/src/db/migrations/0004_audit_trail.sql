-- The audit trail moves to the kit's table, the same in every service schema (kit/0003): every
-- line recorded so far is copied with its id, so pages and links keep pointing at the same
-- lines, then the clinic's own table goes. decisions keep their append-only trigger.
insert into clinic.audit_trail
  (id, at, staff_id, staff_name, staff_role, action, patient_id, order_id, subject, ip)
select id, at, staff_id, staff_name, staff_role, action, patient_id, order_id, subject, ip
from clinic.audit_log
order by id;
select setval(pg_get_serial_sequence('clinic.audit_trail', 'id'),
  coalesce((select max(id) from clinic.audit_trail), 0) + 1, false);
drop table clinic.audit_log;
