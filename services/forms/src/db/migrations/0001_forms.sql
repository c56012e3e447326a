-- The forms service (spec 002; BRIEF section 4): the orders it knows from checkout's events, the
-- partner provider that serves each state, the submitted assessments and uploads. Times are
-- UTC, written by the service from its clock so tests can move time.

-- Which partner provider serves a state (spec 002, the form loader's providerId): 1 is the
-- medical-integration partner (form 1), 2 the bare-medication partner (form 2), whose states
-- include the sixteen that require an identity video. Kept as data: operations change it here.
create table forms.state_providers (
  state text primary key check (state ~ '^[A-Z]{2}$'),
  provider_id integer not null check (provider_id > 0)
);
insert into forms.state_providers (state, provider_id) values
  ('AK', 1),
  ('AL', 1),
  ('AR', 2),
  ('AZ', 1),
  ('CA', 1),
  ('CO', 1),
  ('CT', 1),
  ('DC', 1),
  ('DE', 1),
  ('FL', 1),
  ('GA', 1),
  ('HI', 1),
  ('IA', 2),
  ('ID', 1),
  ('IL', 2),
  ('IN', 2),
  ('KS', 2),
  ('KY', 2),
  ('LA', 1),
  ('MA', 1),
  ('MD', 1),
  ('ME', 1),
  ('MI', 1),
  ('MN', 1),
  ('MO', 1),
  ('MS', 1),
  ('MT', 2),
  ('NC', 1),
  ('ND', 1),
  ('NE', 1),
  ('NH', 1),
  ('NJ', 2),
  ('NM', 1),
  ('NV', 1),
  ('NY', 1),
  ('OH', 1),
  ('OK', 2),
  ('OR', 2),
  ('PA', 1),
  ('RI', 1),
  ('SC', 2),
  ('SD', 2),
  ('TN', 1),
  ('TX', 2),
  ('UT', 1),
  ('VA', 2),
  ('VT', 1),
  ('WA', 2),
  ('WI', 1),
  ('WV', 2),
  ('WY', 1);

-- Paid prescription orders, from checkout's payment-succeeded. status: pending_approval until the
-- assessment is submitted, withdrawn by Process Refund, denied by a clinician.
create table forms.orders (
  order_id integer primary key,
  user_id integer not null,
  cart_id text,
  product_id integer not null,
  product_name text not null,
  drug text not null check (drug in ('semaglutide', 'tirzepatide')),
  payment_terms integer not null,
  status text not null check (status in ('pending_approval', 'submitted', 'withdrawn', 'denied')),
  paid_at timestamptz not null,
  updated_at timestamptz not null
);
create index orders_by_user on forms.orders (user_id);

-- The newest shipping state of each patient (checkout's or /verify's address), for the loader.
create table forms.patient_states (
  user_id integer primary key,
  state text not null,
  saved_at timestamptz not null
);

-- One assessment per order. Answers are the server's canonical record: the questionnaire's own
-- labels and flags for each answer the patient gave, in the order asked.
create table forms.assessments (
  id serial primary key,
  order_id integer not null unique references forms.orders (order_id),
  user_id integer not null,
  form text not null check (form in ('mdIntegration', 'bareMeds', 'refill')),
  questionnaire text not null,
  questionnaire_version text not null,
  state text not null,
  answers jsonb not null,
  images jsonb not null,
  dose_schedule jsonb not null,
  maintenance_dose numeric not null,
  additional_details jsonb not null,
  special_necessities text not null,
  video_required boolean not null,
  submitted_at timestamptz not null,
  -- The identity video, when the state requires one (the upload's file name, checked).
  video_file_name text,
  video_uploaded_at timestamptz
);
