-- Coupons: a flat discount in cents (spec 001 section 9), valid for some payment terms or all
-- (null), until an optional end. Codes are matched case-insensitively.
create table checkout.coupons (
  id serial primary key,
  code text not null,
  amount_cents integer not null check (amount_cents > 0),
  payment_terms integer[],
  active boolean not null default true,
  expires_at timestamptz,
  created_at timestamptz not null default now()
);

create unique index coupons_code on checkout.coupons (lower(code));

-- Starting coupons; admins manage coupons from the staff console.
insert into checkout.coupons (code, amount_cents, payment_terms) values
  ('WELCOME25', 2500, null),
  ('SAVE100', 10000, array[6, 12]);
