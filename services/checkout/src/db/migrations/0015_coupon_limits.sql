-- Coupons as the admin console keeps them (issue 30): a start as well as an expiry, a cap on the
-- payments over everyone and per patient, and a version bumped by every change, whose history
-- (who, when, before, after) is in coupon_changes.
alter table checkout.coupons
  add column starts_at timestamptz,
  add column max_uses integer check (max_uses > 0),
  add column max_uses_per_patient integer check (max_uses_per_patient > 0),
  add column version integer not null default 1 check (version >= 1),
  add column updated_at timestamptz not null default now(),
  add constraint coupons_window check (starts_at is null or expires_at is null or expires_at > starts_at);

-- One row per payment attempt that uses a coupon, taken in the attempt's own insert (under a
-- lock on the coupon's row, so caps hold however many pay at once) and dropped when the attempt
-- fails: the caps count payments made and payments being made, never refused ones. `patient` is
-- `user:<id>`, or `email:<address>` for a guest without an account yet.
create table checkout.coupon_redemptions (
  attempt_key text primary key references checkout.payment_attempts (idempotency_key),
  coupon_id integer not null references checkout.coupons (id),
  patient text not null,
  created_at timestamptz not null
);

create index coupon_redemptions_patient on checkout.coupon_redemptions (coupon_id, patient);

-- Every change of a coupon: the whole coupon before (null when created) and after.
create table checkout.coupon_changes (
  coupon_id integer not null references checkout.coupons (id),
  version integer not null,
  before jsonb,
  after jsonb not null,
  changed_at timestamptz not null,
  changed_by_id integer not null,
  changed_by_name text,
  primary key (coupon_id, version)
);
