-- Subscriptions after the first charge (README, "Subscription rules"): renewals and their
-- retries, pay now, card updates, cancellations and the supply each payment pays for.
-- Money in integer cents.

alter table checkout.subscriptions
  -- Successful payments so far (the checkout's included): the monthly plan's commitment is 3.
  add column payments_made integer not null default 1,
  -- Declined renewal attempts of the current period; reset by a payment.
  add column failed_attempts integer not null default 0,
  -- When the next attempt of a declined renewal is due; null when none is waiting.
  add column retry_at timestamptz,
  -- What the patient owes while paused (Past Due); Pay Now must pay exactly this.
  add column past_due_cents integer check (past_due_cents is null or past_due_cents > 0),
  add column paused_at timestamptz,
  add column ended_at timestamptz,
  add column ended_reason text check (ended_reason in ('cancelled_by_patient', 'prescription_denied', 'prescription_cancelled')),
  -- The billing address given with the last card (Update Card or Pay Now).
  add column billing_address jsonb;

create index subscriptions_due on checkout.subscriptions (next_billing_date) where status = 'active';
create index subscriptions_user on checkout.subscriptions (user_id);

-- One row per charge of a subscription after checkout: a renewal attempt of a period, or a Pay
-- Now. Written (status 'charging') and committed before the card is charged, with the
-- processor key it is charged with, so a process that dies in between leaves the row for the
-- renewal sweep to finish with the same key: the processor answers the first charge, never a
-- second one.
create table checkout.subscription_charges (
  id integer generated always as identity primary key,
  subscription_id integer not null references checkout.subscriptions (id),
  kind text not null check (kind in ('renewal', 'pay-now')),
  -- The billing date a renewal pays for; for Pay Now, the missed one.
  period_start timestamptz not null,
  -- 1, 2, 3 for a renewal's attempts; 0 for Pay Now.
  attempt integer not null,
  processor_key text not null unique,
  -- A saved payment method (renewal) or a single-use token (Pay Now); never a card number.
  source text,
  customer_id text,
  amount_cents integer not null check (amount_cents > 0),
  billing_address jsonb,
  status text not null check (status in ('charging', 'succeeded', 'declined')),
  charge_id text,
  decline_code text,
  -- The processor's words for the patient (Pay Now shows them).
  decline_message text,
  created_at timestamptz not null,
  updated_at timestamptz not null
);

-- A renewal attempt happens once, however many sweeps run it.
create unique index subscription_charges_attempt
  on checkout.subscription_charges (subscription_id, period_start, attempt) where kind = 'renewal';
create index subscription_charges_charging
  on checkout.subscription_charges (created_at) where status = 'charging';

-- Why a patient cancelled (spec 001 section 7's reasons, when the page sends them).
create table checkout.subscription_cancellations (
  subscription_id integer primary key references checkout.subscriptions (id),
  user_id integer not null,
  reasons jsonb not null,
  recommend text,
  -- Cancelled before the monthly plan's 3 payments: the early termination fee that may apply
  -- (spec 001 section 9) is recorded for the clinic to decide on, never charged automatically.
  within_commitment boolean not null,
  early_termination_cents integer not null check (early_termination_cents >= 0),
  created_at timestamptz not null
);

-- What each payment ships: 3 vials every 90 days (README, "Subscription rules").
create table checkout.supply_shipments (
  id integer generated always as identity primary key,
  subscription_id integer not null references checkout.subscriptions (id),
  transaction_id text not null references checkout.transactions (transaction_id),
  ship_on timestamptz not null,
  vials integer not null check (vials > 0),
  unique (transaction_id, ship_on)
);

create index supply_shipments_subscription on checkout.supply_shipments (subscription_id, ship_on);
