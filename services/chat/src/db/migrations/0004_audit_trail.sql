-- The audit trail moves to the kit's table, the same in every service schema (kit/0003): every
-- line recorded so far is copied with its id (the conversation into refs, the patient into
-- patient_id), then chat's own table goes, with the trigger function only it used.
insert into chat.audit_trail (id, at, staff_id, staff_role, action, patient_id, refs, ip)
select id, at, staff_id, role, action, user_id,
  case when conversation_id is null then '{}'::jsonb
       else jsonb_build_object('conversation', conversation_id) end,
  address
from chat.audit_log
order by id;
select setval(pg_get_serial_sequence('chat.audit_trail', 'id'),
  coalesce((select max(id) from chat.audit_trail), 0) + 1, false);
drop table chat.audit_log;
drop function chat.refuse_change();
