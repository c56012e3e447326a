-- Who is charging an attempt, so a retry can tell a payment still in flight from one whose
-- process died mid-charge (README, "Payment recovery"). Each checkout process beats here every
-- few seconds; an attempt whose worker stopped beating is settled at once by whoever sees it.
create table checkout.payment_workers (
  id text primary key,
  seen_at timestamptz not null
);

alter table checkout.payment_attempts add column worker_id text;

create index payment_attempts_charging on checkout.payment_attempts (worker_id)
  where status = 'charging';
