-- The gateway's read model of the portal's orders (GET /api/order-items), built from the events
-- of checkout, forms, clinic and fulfilment alone, never from their tables.

-- Every consumed event, appended once (a redelivery finds its event id and changes nothing). The
-- projection below is a function of this log: the rebuild command replays it from scratch, in
-- order of occurred_at then log_id.
create table gateway.order_events (
  log_id bigserial primary key,
  event_id uuid not null unique,
  name text not null,
  version integer not null,
  occurred_at timestamptz not null,
  -- The checkout order the event is about (every consumed event names one).
  order_id integer not null,
  user_id integer,
  data jsonb not null,
  logged_at timestamptz not null default now()
);
create index order_events_by_order on gateway.order_events (order_id, occurred_at, log_id);
create index order_events_replay on gateway.order_events (occurred_at, log_id);

-- One row per progress item of the Order tracking tab: the checkout order itself
-- (`order-{id}`) and each refill or reship shipment (`shipment-{id}`). `answer` is the item as
-- GET /api/order-items sends it, ready made.
create table gateway.order_items (
  item_id text primary key,
  order_id integer not null,
  user_id integer not null,
  kind text not null check (kind in ('first', 'refill', 'reship')),
  shipment_id integer,
  status text not null,
  -- When the item's status last changed (the event's time), and when anything last changed.
  status_at timestamptz not null,
  submitted integer not null,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  answer jsonb not null
);
create index order_items_by_user on gateway.order_items (user_id, created_at desc, item_id);
create index order_items_by_order on gateway.order_items (order_id);

-- The patient's health id (clinical-record-opened), for the view's health_id.
create table gateway.patients (
  user_id integer primary key,
  health_id text not null,
  opened_at timestamptz not null
);
