-- The notice sent before each renewal charge (issue 31; state automatic-renewal laws): one per
-- subscription and billing date, so a sweep run twice, or by two instances, sends it once.
create table checkout.renewal_notices (
  subscription_id integer not null references checkout.subscriptions (id),
  billing_date timestamptz not null,
  sent_at timestamptz not null,
  primary key (subscription_id, billing_date)
);
