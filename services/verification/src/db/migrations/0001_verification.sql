-- Contact verification (spec 000 sections 4 and 9; BRIEF section 5). Times are UTC, written by
-- the service from its clock so tests can move time.

-- The newest shipping address of each patient, from checkout's event or saved at /verify.
create table verification.ship_addresses (
  user_id integer primary key,
  address_line_1 text not null check (length(address_line_1) between 1 and 256),
  address_line_2 text check (address_line_2 is null or length(address_line_2) <= 256),
  city text not null,
  state text not null check (state ~ '^[A-Z]{2}$'),
  zip text not null check (zip ~ '^\d{5}(-\d{4})?$'),
  source text not null check (source in ('checkout', 'verification')),
  saved_at timestamptz not null
);

-- One row per code sent. Only a salted SHA-256 of the code is kept; with 10 000 possible codes
-- the hash alone would not stop a reader of the table, so codes also die after 10 minutes, after
-- 5 wrong tries, and when a newer code of the same channel is sent.
create table verification.codes (
  id serial primary key,
  user_id integer not null,
  channel text not null check (channel in ('phone', 'email')),
  -- Where it was sent: a code proves the contact it went to, not whatever the account has now.
  destination text not null,
  salt text not null,
  code_hash text not null,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  wrong_tries integer not null default 0 check (wrong_tries between 0 and 5),
  used_at timestamptz,
  superseded_at timestamptz
);
create index codes_by_user on verification.codes (user_id, channel, created_at desc);

-- Every wrong code entered, for the per-account hourly cap across codes and channels.
create table verification.code_failures (
  id serial primary key,
  user_id integer not null,
  channel text not null check (channel in ('phone', 'email')),
  at timestamptz not null
);
create index code_failures_by_user on verification.code_failures (user_id, at);

-- Where each patient's phone and email verification stands, for the pages and for staff.
create table verification.contact_checks (
  user_id integer not null,
  channel text not null check (channel in ('phone', 'email')),
  status text not null check (status in ('verified', 'skipped')),
  -- The phone or email verified; for a skip, the one on the account then.
  destination text,
  at timestamptz not null,
  primary key (user_id, channel)
);
