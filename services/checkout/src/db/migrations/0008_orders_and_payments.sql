-- Checkout attempts, orders, transactions and subscriptions (spec 001 sections 3 and 4).
-- Money in integer cents.

-- One row per Idempotency-Key. Written (status 'charging') and committed before the card is
-- charged, so a process that dies between the charge and the order leaves this row behind for
-- the settle job to finish. `request` keeps what the order needs (addresses, term, coupon),
-- never card data; `card_token` is the processor's single-use token, not a card number.
create table checkout.payment_attempts (
  idempotency_key text primary key,
  request_fingerprint text not null,
  cart_id uuid not null references checkout.carts (id),
  user_id integer,
  status text not null check (status in ('charging', 'succeeded', 'declined', 'failed', 'refunded')),
  amount_cents integer not null check (amount_cents >= 0),
  discount_cents integer not null default 0,
  coupon_id integer,
  payment_terms integer not null check (payment_terms in (1, 3, 6, 12)),
  card_token text not null,
  processor_key text not null unique,
  request jsonb not null,
  charge_id text,
  decline_code text,
  card_fingerprint text,
  http_status integer,
  response jsonb,
  created_at timestamptz not null,
  updated_at timestamptz not null
);

-- At most one charge in flight per cart: a second attempt (another key) waits its turn.
create unique index payment_attempts_one_in_flight_per_cart
  on checkout.payment_attempts (cart_id) where status = 'charging';

create table checkout.orders (
  id integer generated always as identity primary key,
  -- One paid order per cart: the constraint that makes a second charge for it a refund.
  cart_id uuid unique references checkout.carts (id),
  user_id integer,
  status text not null check (status in ('pending_approval', 'approved', 'denied', 'cancelled', 'shipped')),
  product_id integer not null references checkout.products (id),
  plan_id text not null,
  payment_terms integer not null check (payment_terms in (1, 3, 6, 12)),
  amount_cents integer not null,
  discount_cents integer not null,
  coupon_id integer,
  shipping_address jsonb not null,
  billing_address jsonb,
  bundle_choice text check (bundle_choice in ('Nausea', 'None')),
  created_at timestamptz not null
);

create index orders_user_id on checkout.orders (user_id);

-- What the medical form is filled in for: one per prescription product of the order.
create table checkout.prescription_preauths (
  order_id integer not null references checkout.orders (id),
  product_id integer not null references checkout.products (id),
  product_name text not null,
  created_at timestamptz not null,
  primary key (order_id, product_id)
);

create table checkout.transactions (
  id integer generated always as identity primary key,
  transaction_id text not null unique,
  order_id integer not null references checkout.orders (id),
  user_id integer,
  kind text not null check (kind in ('checkout', 'add-on', 'renewal')),
  amount_cents integer not null,
  status text not null check (status in ('success', 'refunded')),
  product_name text not null,
  customer_id text,
  payment_method_id text,
  card_brand text,
  card_last4 text,
  idempotency_key text not null unique,
  created_at timestamptz not null
);

create index transactions_user_id on checkout.transactions (user_id);

create table checkout.subscriptions (
  id integer generated always as identity primary key,
  order_id integer not null unique references checkout.orders (id),
  user_id integer,
  plan_name text not null,
  product_id integer not null references checkout.products (id),
  payment_terms integer not null check (payment_terms in (1, 3, 6, 12)),
  -- What each renewal charges: the term total, or the regular monthly price on the monthly plan.
  amount_cents integer not null,
  status text not null check (status in ('active', 'paused', 'ended')),
  next_billing_date timestamptz not null,
  customer_id text,
  payment_method_id text,
  created_at timestamptz not null,
  updated_at timestamptz not null
);

-- Every refused payment, for card blocking (spec 001 section 4).
create table checkout.payment_failures (
  id integer generated always as identity primary key,
  cart_id uuid references checkout.carts (id),
  user_id integer,
  card_fingerprint text,
  decline_code text not null,
  -- insufficient funds or a pick-up-card decline
  no_funds boolean not null,
  created_at timestamptz not null
);

create index payment_failures_cart on checkout.payment_failures (cart_id);
create index payment_failures_user on checkout.payment_failures (user_id, created_at);
create index payment_failures_card on checkout.payment_failures (card_fingerprint, created_at);

create table checkout.payment_blocks (
  id integer generated always as identity primary key,
  user_id integer,
  card_fingerprint text,
  blocked_until timestamptz not null,
  created_at timestamptz not null,
  check (user_id is not null or card_fingerprint is not null)
);

create index payment_blocks_user on checkout.payment_blocks (user_id, blocked_until);
create index payment_blocks_card on checkout.payment_blocks (card_fingerprint, blocked_until);

-- The patient's shipping address (address_line_1, ... as spec 001 section 3 names them).
create table checkout.shipping_addresses (
  user_id integer primary key,
  address_line_1 text not null,
  address_line_2 text,
  city text not null,
  state text not null,
  zip text not null,
  updated_at timestamptz not null
);

create table checkout.trusted_forms (
  id integer generated always as identity primary key,
  user_id integer not null,
  url text not null,
  created_at timestamptz not null
);
