-- The audit trail moves to the kit's table, the same in every service schema (kit/0003): every
-- line recorded so far is copied with its id (the shipment and reship into refs, the patient
-- into patient_id), then fulfilment's own table goes. refuse_change() stays: shipment_steps
-- use it.
insert into fulfillment.audit_trail (id, at, staff_id, staff_role, action, patient_id, refs, ip)
select id, at, staff_id, role, action, user_id,
  jsonb_strip_nulls(jsonb_build_object('shipment', shipment_id, 'reship', reship_id)),
  address
from fulfillment.audit_log
order by id;
select setval(pg_get_serial_sequence('fulfillment.audit_trail', 'id'),
  coalesce((select max(id) from fulfillment.audit_trail), 0) + 1, false);
drop table fulfillment.audit_log;
