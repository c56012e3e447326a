-- Refunds of an order whose assessment a clinician denied (BRIEF section 1, "refunds on denial").
-- One row per refunded transaction, written 'pending' in the same transaction that denies the
-- order, ends its subscription and consumes the event; the card processor is called afterwards
-- (outside any database transaction) with the key `refund-<transaction_id>`, and the row becomes
-- 'refunded' with the processor's refund id. A pending row is the durable promise of a refund:
-- it is never lost, whatever fails in between. Money in integer cents.
create table checkout.refunds (
  id integer generated always as identity primary key,
  transaction_id text not null unique references checkout.transactions (transaction_id),
  order_id integer not null references checkout.orders (id),
  amount_cents integer not null check (amount_cents > 0),
  -- Why the money went back ('assessment_denied'); never the clinician's free-text reason.
  reason text not null,
  status text not null check (status in ('pending', 'refunded')),
  -- The processor's refund id; null while pending, and when the charge had already been
  -- refunded at the processor by other means (e.g. from Stripe's dashboard).
  refund_id text unique,
  created_at timestamptz not null,
  refunded_at timestamptz,
  -- When the patient was told ("Your refund is on its way"): set once, so one email per refund.
  notified_at timestamptz,
  check (status = 'pending' or refunded_at is not null)
);

create index refunds_order on checkout.refunds (order_id);
create index refunds_pending on checkout.refunds (created_at) where status = 'pending';
