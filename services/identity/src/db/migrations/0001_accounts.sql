-- Accounts, sessions and password links (BRIEF sections 4 and 5). Times are UTC and always
-- written by the service from its clock, so tests can move time.

-- Patients and staff share one table: one login form, one role each.
create table identity.users (
  id serial primary key,
  -- Stored lower-case so one address can never hold two accounts.
  email text not null unique check (email = lower(email) and length(email) between 3 and 256),
  -- Null until the person sets a password: patients from the quiz start without one.
  password_hash text check (password_hash is null or password_hash like '$argon2id$%'),
  role text not null
    check (role in ('patient', 'clinician', 'support', 'pharmacy', 'marketing', 'admin')),
  first_name text,
  last_name text,
  phone text,
  address text,
  city text,
  state text,
  zip text,
  gender text,
  dob text check (dob is null or dob ~ '^\d{2}/\d{2}/\d{4}$'),
  height_inch double precision,
  weight double precision,
  health_id text,
  created_at timestamptz not null,
  updated_at timestamptz not null
);

-- Server-side sessions: only the SHA-256 of the bearer token is kept, so a leaked table does not
-- log anyone in.
create table identity.sessions (
  id uuid primary key,
  token_hash text not null unique,
  user_id integer not null references identity.users (id),
  created_at timestamptz not null,
  expires_at timestamptz not null,
  revoked_at timestamptz
);
create index sessions_live_by_user on identity.sessions (user_id) where revoked_at is null;

-- Single-use links that set a password: 'reset' from forgot-password, 'welcome' for a patient
-- provisioned from the quiz. Stored hashed like sessions.
create table identity.password_tokens (
  id serial primary key,
  token_hash text not null unique,
  user_id integer not null references identity.users (id),
  purpose text not null check (purpose in ('reset', 'welcome')),
  created_at timestamptz not null,
  expires_at timestamptz not null,
  used_at timestamptz,
  -- Set when a newer link of the same user replaces this one.
  revoked_at timestamptz
);
create index password_tokens_open_by_user on identity.password_tokens (user_id)
  where used_at is null and revoked_at is null;
