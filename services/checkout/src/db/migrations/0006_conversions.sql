-- Every call to the affiliate's conversion endpoint (spec 001 section 7), one row per order and
-- attempt, kept for marketing: what was sent, what came back, and when. The row is written
-- before the call (outcome null while it is in flight), so (order_id, attempt) being unique is
-- what stops a re-run job from posting the same attempt twice.
create table checkout.conversion_attempts (
  id bigserial primary key,
  order_id integer not null,
  attempt smallint not null check (attempt between 1 and 3),
  c_id text not null,
  request jsonb not null,
  outcome text check (outcome in ('success', 'unexpected', 'error', 'skipped')),
  http_status integer,
  detail text,
  started_at timestamptz not null,
  finished_at timestamptz,
  unique (order_id, attempt),
  check ((outcome is null) = (finished_at is null))
);

-- Marketing looks conversions up by affiliate id and lists recent ones.
create index conversion_attempts_c_id on checkout.conversion_attempts (c_id);
create index conversion_attempts_started_at on checkout.conversion_attempts (started_at);
