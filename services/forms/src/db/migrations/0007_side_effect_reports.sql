-- Side-effect reports (issue 31): what the patient reported, the triage rule that matched and
-- what they were told, and when the clinician must answer (null for self-care).
create table forms.side_effect_reports (
  id serial primary key,
  user_id integer not null,
  order_id integer not null references forms.orders (order_id),
  symptom text not null,
  severity text not null,
  duration text not null,
  red_flags jsonb not null,
  level text not null,
  rule text not null,
  advice text not null,
  reported_at timestamptz not null,
  due_at timestamptz,
  answered_at timestamptz
);
create index side_effect_reports_by_order on forms.side_effect_reports (order_id, reported_at);
