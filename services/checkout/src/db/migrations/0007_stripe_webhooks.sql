-- Stripe webhook deliveries already handled, by Stripe's event id. Stripe delivers at least once
-- (retries, replays from the dashboard): the row is written in the same transaction as the
-- event's effects, so a repeated delivery finds it and changes nothing.
create table checkout.stripe_webhook_events (
  id text primary key,
  type text not null,
  received_at timestamptz not null
);
