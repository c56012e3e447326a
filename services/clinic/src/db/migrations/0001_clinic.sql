-- The clinic's own view of each prescription order, built from the events of checkout and forms
-- (payment-succeeded, form-submitted, identity-video-uploaded, application-withdrawn,
-- dose-adjustment-submitted, prescription-accepted): the review queue reads only this.
create table clinic.cases (
  order_id integer primary key,
  user_id integer not null,
  patient_name text not null default '',
  state text not null default '',
  drug text not null check (drug in ('semaglutide', 'tirzepatide')),
  plan text not null default '',
  payment_terms integer not null default 1,
  status text not null check (status in (
    'awaiting-assessment', 'needs-video', 'waiting', 'appointment-required', 'approved',
    'accepted', 'denied', 'withdrawn'
  )),
  outcome text check (outcome in ('denied', 'appointment_required', 'meeting_missed')),
  outcome_reason text,
  video_required boolean not null default false,
  video_received boolean not null default false,
  adjustment_requested boolean not null default false,
  anti_nausea boolean not null default false,
  paid_at timestamptz,
  submitted_at timestamptz,
  due_at timestamptz,
  claimed_by integer,
  claimed_at timestamptz,
  decided_at timestamptz,
  updated_at timestamptz not null
);
create index cases_queue on clinic.cases (status, due_at);
create index cases_by_user on clinic.cases (user_id);
create index cases_by_claim on clinic.cases (claimed_by);

-- Staff members as identity named them, kept so lists show who holds a case without a call.
create table clinic.staff (
  id integer primary key,
  name text not null,
  role text not null,
  updated_at timestamptz not null
);

-- A patient's clinical record, opened on the first claim of their first case.
create table clinic.patient_records (
  user_id integer primary key,
  health_id text not null unique,
  opened_at timestamptz not null
);

-- One encounter per reviewed order (Doctor on Demand's latestEncounterId).
create table clinic.encounters (
  order_id integer primary key,
  user_id integer not null,
  encounter_id text not null unique,
  opened_at timestamptz not null
);

-- Every claim and decision, who, when and why; rows are never changed or removed.
create table clinic.decisions (
  id serial primary key,
  order_id integer not null,
  kind text not null check (kind in (
    'claim', 'release', 'approve', 'deny', 'request-message', 'request-video', 'request-visit',
    'visit-missed'
  )),
  staff_id integer not null,
  staff_name text not null,
  note text,
  prescription_id text,
  at timestamptz not null
);
create index decisions_by_order on clinic.decisions (order_id, id);

create table clinic.prescriptions (
  prescription_id text primary key,
  order_id integer not null,
  user_id integer not null,
  drug text not null check (drug in ('semaglutide', 'tirzepatide')),
  dose_schedule jsonb not null,
  maintenance_dose numeric,
  directions text not null,
  vials integer not null,
  items jsonb not null,
  status text not null check (status in ('pending', 'accepted', 'adjustment-requested', 'superseded')),
  approved_by integer not null,
  approved_by_name text not null,
  approved_at timestamptz not null,
  accepted_by text check (accepted_by in ('patient', 'timeout')),
  accepted_at timestamptz
);
create index prescriptions_by_order on clinic.prescriptions (order_id, approved_at);
create index prescriptions_by_user on clinic.prescriptions (user_id);

-- The doses a patient asked for instead of a prescription (dose-adjustment-submitted).
create table clinic.dose_adjustments (
  id serial primary key,
  order_id integer not null,
  prescription_id text not null,
  dose_schedule jsonb not null,
  maintenance_dose numeric not null,
  submitted_at timestamptz not null,
  unique (order_id, prescription_id)
);

-- What the clinician wrote to the patient (and, with the chat, what the patient answered).
create table clinic.case_messages (
  id serial primary key,
  order_id integer not null,
  user_id integer not null,
  sender text not null check (sender in ('clinician', 'patient')),
  staff_id integer,
  author_name text not null,
  body text not null,
  at timestamptz not null
);
create index case_messages_by_order on clinic.case_messages (order_id, id);

-- The audit trail: every staff read of health information and every decision. Append-only: the
-- trigger refuses any update or delete, whoever asks.
create table clinic.audit_log (
  id bigserial primary key,
  at timestamptz not null,
  staff_id integer not null,
  staff_name text not null,
  staff_role text not null,
  action text not null,
  order_id integer,
  patient_id integer,
  subject text,
  ip text
);
create index audit_by_patient on clinic.audit_log (patient_id, id);
create index audit_by_order on clinic.audit_log (order_id, id);
create index audit_by_staff on clinic.audit_log (staff_id, id);

create function clinic.audit_log_append_only() returns trigger language plpgsql as $$
begin
  raise exception 'the audit trail is append-only';
end;
$$;
create trigger audit_log_append_only before update or delete on clinic.audit_log
  for each row execute function clinic.audit_log_append_only();
create trigger decisions_append_only before update or delete on clinic.decisions
  for each row execute function clinic.audit_log_append_only();
