-- How the patient's phone and email were checked at /verify (verification's
-- contact-verification): the case view says "verified" or "skipped" beside each.
create table clinic.contact_checks (
  user_id integer not null,
  channel text not null check (channel in ('phone', 'email')),
  outcome text not null check (outcome in ('verified', 'skipped')),
  at timestamptz not null,
  primary key (user_id, channel)
);
