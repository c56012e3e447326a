-- The sandbox card processor's own records (the default processor, standing in for Stripe).
-- Card numbers are never stored: a token keeps the brand, last four digits, expiry and the
-- outcome its test number stands for.
create table checkout.sandbox_tokens (
  id text primary key,
  brand text not null,
  last4 text not null,
  exp_month integer not null,
  exp_year integer not null,
  outcome text not null,
  created_at timestamptz not null,
  used_at timestamptz
);

create table checkout.sandbox_customers (
  id text primary key,
  created_at timestamptz not null
);

create table checkout.sandbox_payment_methods (
  id text primary key,
  customer_id text not null references checkout.sandbox_customers (id),
  brand text not null,
  last4 text not null,
  exp_month integer not null,
  exp_year integer not null,
  outcome text not null,
  created_at timestamptz not null
);

create table checkout.sandbox_charges (
  id text primary key,
  amount_cents integer not null check (amount_cents > 0),
  status text not null check (status in ('succeeded', 'failed')),
  decline_code text,
  customer_id text,
  payment_method_id text,
  description text not null,
  refund_id text unique,
  refunded_at timestamptz,
  created_at timestamptz not null
);

-- One row per idempotency key: the first request's fingerprint and its answer. A second
-- request with the key waits on the row's insert and then reads the same answer.
create table checkout.sandbox_idempotency (
  key text primary key,
  fingerprint text not null,
  response jsonb not null,
  created_at timestamptz not null
);
