-- Weekly doses missed in a row that a clinician must answer (forms' missed-doses-flagged, issue
-- 31): one row per order and injection day that made the streak, with the count and the deadline
-- only (the dose log stays in forms and is read with the case), and who answered it when.
create table clinic.missed_dose_flags (
  order_id integer not null,
  due_day date not null,
  user_id integer not null,
  missed_in_a_row integer not null,
  flagged_at timestamptz not null,
  due_at timestamptz not null,
  answered_at timestamptz,
  answered_by integer,
  primary key (order_id, due_day)
);
create index missed_dose_flags_open on clinic.missed_dose_flags (order_id) where answered_at is null;
