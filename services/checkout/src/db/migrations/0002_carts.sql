-- Carts saved by the plan page. The id is the checkout link's cart id, so it is a random UUID:
-- a link cannot be guessed from another.
create table checkout.carts (
  id uuid primary key,
  user_id integer,
  sema_offer text not null,
  tir_offer text not null,
  current_glp_med text not null check (current_glp_med in ('Yes', 'No')),
  current_dose text not null,
  created_at timestamptz not null
);

create index carts_user_id on checkout.carts (user_id);

-- Priced from the catalog when saved, in cents; the browser's prices are never used.
create table checkout.cart_items (
  cart_id uuid not null references checkout.carts (id),
  product_id integer not null references checkout.products (id),
  quantity integer not null check (quantity > 0),
  unit_price_cents integer not null check (unit_price_cents >= 0),
  primary key (cart_id, product_id)
);

-- What checkout knows of each patient's eligibility, from intake's lead events (never from
-- intake's tables): the BMI for the plan page's minimum, and a disqualification.
create table checkout.patient_eligibility (
  user_id integer primary key,
  bmi numeric(5, 1),
  disqualified_reason text,
  updated_at timestamptz not null
);
