-- Fulfilment's own view of each paid order, from checkout's payment-succeeded: what it is and the
-- supply its payments pay for.
create table fulfillment.orders (
  order_id integer primary key,
  user_id integer not null,
  product_name text not null,
  plan_id text not null,
  payment_terms integer not null,
  paid_at timestamptz not null,
  -- Denied or withdrawn: nothing more ships.
  closed_at timestamptz
);
create index orders_by_user on fulfillment.orders (user_id);

-- Each supply a payment pays for (3 vials every 90 days): the first ships once the prescription
-- is accepted, later ones on their dates (a refill, after its check-in).
create table fulfillment.supplies (
  id serial primary key,
  order_id integer not null,
  transaction_id text not null,
  ship_on timestamptz not null,
  vials integer not null check (vials > 0),
  shipment_id integer,
  unique (transaction_id, ship_on)
);
create index supplies_by_order on fulfillment.supplies (order_id, ship_on);

-- Prescriptions as the clinic approved them (prescription-approved); accepted_at once accepted.
create table fulfillment.prescriptions (
  prescription_id text primary key,
  order_id integer not null,
  user_id integer not null,
  drug text not null check (drug in ('semaglutide', 'tirzepatide')),
  items jsonb not null,
  dose_schedule jsonb not null,
  maintenance_dose numeric,
  approved_at timestamptz not null,
  accepted_at timestamptz,
  superseded boolean not null default false
);
create index prescriptions_by_order on fulfillment.prescriptions (order_id, approved_at);

-- The newest shipping address of each patient (shipping-address-saved, newest savedAt wins).
create table fulfillment.addresses (
  user_id integer primary key,
  address jsonb not null,
  saved_at timestamptz not null
);

-- Patients as identity named them, remembered when their first shipment is made.
create table fulfillment.patients (
  user_id integer primary key,
  name text not null,
  email text,
  phone text,
  state text,
  updated_at timestamptz not null
);

-- One pharmacy order each: an order's first supply, a refill, or a reship's replacement.
create table fulfillment.shipments (
  id serial primary key,
  order_number text not null unique,
  order_id integer not null,
  user_id integer not null,
  kind text not null check (kind in ('first', 'refill', 'reship')),
  replaces integer references fulfillment.shipments (id),
  prescription_id text not null,
  drug text not null check (drug in ('semaglutide', 'tirzepatide')),
  med_name text not null,
  vials integer not null check (vials > 0),
  status text not null check (status in (
    'awaiting_check_in', 'prescription_received', 'order_placed', 'shipping_paused',
    'order_shipped', 'order_delivered'
  )),
  cold_chain boolean not null default true,
  ready_at timestamptz,
  placed_at timestamptz,
  processing_day date,
  same_day boolean,
  carrier text check (carrier in ('FedEx', 'UPS')),
  tracking_number text,
  overnight boolean,
  shipped_at timestamptz,
  delivered_at timestamptz,
  -- The address the parcel went to, copied when it shipped.
  ship_to jsonb,
  created_at timestamptz not null,
  updated_at timestamptz not null
);
create unique index shipments_one_first on fulfillment.shipments (order_id) where kind = 'first';
create index shipments_queue on fulfillment.shipments (status, ready_at);
create index shipments_by_user on fulfillment.shipments (user_id);

-- Every step of a shipment, who and when (a pause's reason as its note); never changed.
create table fulfillment.shipment_steps (
  id serial primary key,
  shipment_id integer not null references fulfillment.shipments (id),
  step text not null,
  by_staff_id integer,
  by_name text,
  note text,
  at timestamptz not null
);
create index shipment_steps_by_shipment on fulfillment.shipment_steps (shipment_id, id);

-- A patient's request to replace a delivered shipment, and the pharmacy's answer.
create table fulfillment.reships (
  id serial primary key,
  shipment_id integer not null references fulfillment.shipments (id),
  user_id integer not null,
  items jsonb not null,
  reason text not null,
  image_file text not null,
  requested_at timestamptz not null,
  status text not null check (status in ('waiting', 'approved', 'refused')),
  decided_by integer,
  decided_by_name text,
  decided_at timestamptz,
  refusal_reason text,
  new_shipment_id integer references fulfillment.shipments (id)
);
-- One request at a time per shipment: a second waits for the first's answer.
create unique index reships_one_open on fulfillment.reships (shipment_id) where status = 'waiting';
create index reships_queue on fulfillment.reships (status, requested_at);

-- Every staff read of a patient's prescription or reship photo, and every step; never changed.
create table fulfillment.audit_log (
  id bigserial primary key,
  staff_id integer not null,
  role text not null,
  action text not null,
  shipment_id integer,
  reship_id integer,
  user_id integer,
  address text,
  at timestamptz not null
);
create index audit_by_at on fulfillment.audit_log (at);

create function fulfillment.refuse_change() returns trigger language plpgsql as $$
begin
  raise exception '% rows are never changed or removed', tg_table_name;
end $$;
create trigger audit_log_append_only before update or delete on fulfillment.audit_log
  for each row execute function fulfillment.refuse_change();
create trigger shipment_steps_append_only before update or delete on fulfillment.shipment_steps
  for each row execute function fulfillment.refuse_change();
