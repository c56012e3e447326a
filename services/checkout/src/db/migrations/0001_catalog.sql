-- The product catalog: the medication plans of every offer variant and the add-ons (spec 000
-- sections 3 and 9, spec 001 section 9). Money in integer cents.
create table checkout.products (
  id integer primary key,
  name text not null,
  sku text not null unique,
  stripe_id text not null unique,
  category text not null check (category in ('primary', 'secondary', 'tertiary')),
  is_prescription boolean not null,
  image_pre_text text not null,
  drug text check (drug in ('semaglutide', 'tirzepatide')),
  offer_variant text,
  retail_price_cents integer not null check (retail_price_cents > 0),
  first_month_price_cents integer not null check (first_month_price_cents > 0),
  active boolean not null default true,
  sort_order integer not null
);

-- What each payment term bills in total, per plan product.
create table checkout.product_term_prices (
  product_id integer not null references checkout.products (id),
  payment_terms integer not null check (payment_terms in (1, 3, 6, 12)),
  amount_cents integer not null check (amount_cents > 0),
  primary key (product_id, payment_terms)
);

insert into checkout.products
  (id, name, sku, stripe_id, category, is_prescription, image_pre_text, drug, offer_variant, retail_price_cents, first_month_price_cents, sort_order)
values
  (1, 'Tirzepatide', 'tirz_plan_1', 'tirz_plan_1', 'primary', true, 'Compound Medication', 'tirzepatide', 'default', 34997, 22499, 1),
  (2, 'Tirzepatide', 'tirz_plan_2', 'tirz_plan_2', 'primary', true, 'Compound Medication', 'tirzepatide', 'B', 34997, 22499, 2),
  (3, 'Tirzepatide', 'tirz_plan_3', 'tirz_plan_3', 'primary', true, 'Compound Medication', 'tirzepatide', 'C', 34997, 22499, 3),
  (4, 'Semaglutide', 'sema_plan_278928', 'sema_plan_278928', 'primary', true, 'Compound Medication', 'semaglutide', 'default', 24997, 13499, 4),
  (5, 'Semaglutide', 'sema_plan_134562', 'sema_plan_134562', 'primary', true, 'Compound Medication', 'semaglutide', 'A', 24997, 13499, 5),
  (6, 'Semaglutide', 'sema_plan_367367', 'sema_plan_367367', 'primary', true, 'Compound Medication', 'semaglutide', 'C', 24997, 13499, 6),
  (7, 'GLP Anti-Nausea', 'glp_anti_nausea', 'glp_anti_nausea', 'secondary', true, '30 pills of 4mg generic ondansetron', null, null, 1997, 1997, 7);

insert into checkout.product_term_prices (product_id, payment_terms, amount_cents)
select p.id, t.terms, case
    when p.drug = 'tirzepatide' then (array[34997, 74997, 134982, 229997])[t.i]
    else (array[24997, 44997, 80995, 137499])[t.i]
  end
from checkout.products p
cross join (values (1, 1), (2, 3), (3, 6), (4, 12)) as t (i, terms)
where p.drug is not null;
