-- The affiliate's side of each order (issue 28): one row per order whose conversion was queued,
-- with the opaque reference the affiliate receives in place of any name, product or user id,
-- made once and never changed. `series` counts the attempt series: 1, and one more each time
-- marketing retries a failed conversion. Its attempts are numbered on: series 2 is 4 to 6.
create table checkout.conversions (
  order_id integer primary key,
  reference text not null unique,
  c_id text not null,
  amount_cents integer not null,
  payment_terms smallint not null,
  series smallint not null default 1 check (series >= 1),
  created_at timestamptz not null
);

-- Marketing lists conversions newest first.
create index conversions_created_at on checkout.conversions (created_at desc, order_id desc);

-- Orders already called before this migration get their row from their first attempt's record.
insert into checkout.conversions (order_id, reference, c_id, amount_cents, payment_terms, created_at)
select distinct on (order_id)
  order_id,
  'cv_' || replace(gen_random_uuid()::text, '-', ''),
  c_id,
  round(coalesce((request ->> 'amount')::numeric, 0) * 100)::integer,
  coalesce((request ->> 'payment_terms')::smallint, 0),
  started_at
from checkout.conversion_attempts
order by order_id, attempt;

-- A retry's attempts are numbered on past 3.
alter table checkout.conversion_attempts drop constraint conversion_attempts_attempt_check;
alter table checkout.conversion_attempts add constraint conversion_attempts_attempt_check
  check (attempt >= 1);
