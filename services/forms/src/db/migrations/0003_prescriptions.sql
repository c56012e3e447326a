-- The prescription's way back to the patient (spec 002, the confirmation page and adjust-doses):
-- the clinician's prescription (prescription-approved) waits for the patient's answer; a decline
-- leads to adjust-doses, whose request goes back to the clinician.
alter table forms.orders drop constraint orders_status_check;
alter table forms.orders add constraint orders_status_check check (status in (
  'pending_approval', 'submitted', 'withdrawn', 'denied', 'prescription_received',
  'prescription_accepted', 'awaiting_dose_adjustment', 'dose_adjustment_submitted'
));

-- The newest prescription of each order, as the patient is shown it.
create table forms.prescriptions (
  order_id integer primary key references forms.orders (order_id),
  prescription_id text not null,
  user_id integer not null,
  drug text not null check (drug in ('semaglutide', 'tirzepatide')),
  items jsonb not null,
  dose_schedule jsonb not null,
  maintenance_dose numeric,
  approved_at timestamptz not null,
  answer text check (answer in ('accepted', 'declined')),
  answered_at timestamptz
);

-- The doses a patient asked for instead of a prescription, with their prescription's photo.
create table forms.dose_adjustments (
  id serial primary key,
  order_id integer not null references forms.orders (order_id),
  prescription_id text not null,
  user_id integer not null,
  dose_schedule jsonb not null,
  maintenance_dose numeric not null,
  photo_file_name text not null,
  submitted_at timestamptz not null,
  unique (order_id, prescription_id)
);
