-- Every support agent's read of a patient's orders (GET /api/console/support/patients/:userId/
-- orders), written before the answer; never changed or removed. It names who, whom, when and
-- from where, never what was shown.
create table gateway.support_audit_log (
  id bigserial primary key,
  staff_id integer not null,
  role text not null,
  user_id integer not null,
  address text,
  at timestamptz not null
);
create index support_audit_by_at on gateway.support_audit_log (at);
create index support_audit_by_user on gateway.support_audit_log (user_id, at);

create function gateway.refuse_change() returns trigger language plpgsql as $$
begin
  raise exception '% rows are never changed or removed', tg_table_name;
end $$;
create trigger support_audit_log_append_only before update or delete on gateway.support_audit_log
  for each row execute function gateway.refuse_change();
