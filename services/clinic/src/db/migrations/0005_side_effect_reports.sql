-- Side-effect reports a clinician must answer (forms' side-effect-reported, issue 31): ids, the
-- urgency and the deadline only (the report itself stays in forms and is read with the case),
-- and who answered it when.
create table clinic.side_effect_reports (
  report_id integer primary key,
  order_id integer not null,
  user_id integer not null,
  urgent boolean not null,
  reported_at timestamptz not null,
  due_at timestamptz not null,
  answered_at timestamptz,
  answered_by integer
);
create index side_effect_reports_open on clinic.side_effect_reports (order_id) where answered_at is null;
