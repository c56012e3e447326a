-- Doctor on Demand (spec 002; issue 18): each visit (encounter) of a patient with the clinician
-- on it, learned from the clinic's events, and the patient's messages with their clinicians.

create table chat.encounters (
  encounter_id text primary key,
  user_id integer not null,
  order_id integer not null,
  -- The clinician who claimed the case, then the one who approved it.
  clinician_id integer,
  opened_at timestamptz not null
);
create index encounters_by_user on chat.encounters (user_id, opened_at);
create index encounters_by_order on chat.encounters (order_id);

create table chat.doctor_messages (
  id bigserial primary key,
  user_id integer not null,
  encounter_id text references chat.encounters (encounter_id),
  from_doctor boolean not null,
  -- The clinician who answered; null for the patient's own messages.
  author_id integer,
  author_name text,
  body text not null check (length(body) <= 2000),
  -- [{ fileName, type, name }]: files the patient uploaded through forms, checked by content.
  attachments jsonb not null default '[]',
  created_at timestamptz not null,
  check (length(body) > 0 or jsonb_array_length(attachments) > 0)
);
create index doctor_messages_by_user on chat.doctor_messages (user_id, id);

-- One row per patient who wrote: the clinicians' list, waiting oldest first.
create table chat.doctor_threads (
  user_id integer primary key,
  patient_name text not null,
  waiting_since timestamptz,
  last_message_at timestamptz not null,
  last_message text not null
);
create index doctor_threads_waiting on chat.doctor_threads (waiting_since)
  where waiting_since is not null;

-- The audit trail also records clinicians' reads of a patient's messages.
alter table chat.audit_log alter column conversation_id drop not null;
alter table chat.audit_log add column user_id integer;
