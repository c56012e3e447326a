-- The carts whose checkout was paid, from checkout's payment-succeeded events: a checkout link's
-- session (scoped to its cart) may use /verify only once its cart is paid (issue 26, item 9).
create table verification.paid_carts (
  cart_id text primary key,
  user_id integer not null,
  paid_at timestamptz not null
);
