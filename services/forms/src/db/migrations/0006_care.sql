-- Care between shipments (issue 31): when each order's first shipment arrived (the injection day
-- can be picked from then), when its care stopped (the subscription ended), the patient's weekly
-- injection day and the doses they logged. One dose per order and due week.
alter table forms.orders add column first_delivered_at timestamptz;
alter table forms.orders add column care_stopped_at timestamptz;
-- The day the open refill check-in's shipment is due to ship (fulfilment's refill-check-in-due).
alter table forms.orders add column refill_ship_on timestamptz;

create table forms.injection_days (
  user_id integer primary key,
  weekday text not null,
  time text not null,
  time_zone text not null,
  saved_at timestamptz not null
);

create table forms.dose_logs (
  id serial primary key,
  user_id integer not null,
  order_id integer not null references forms.orders (order_id),
  taken_on date not null,
  due_day date not null,
  strength numeric not null,
  site text not null,
  weight_lbs numeric,
  logged_at timestamptz not null,
  unique (order_id, due_day)
);
create index dose_logs_by_user on forms.dose_logs (user_id, taken_on);
