-- Login limits kept in the database, so they survive a restart in single-node mode as in a
-- cluster (issue 26, item 14): each failed login, by account (a hashed email) and by client
-- address (hashed), and the one-time codes that let the owner of an account past its limit.
create table identity.login_failures (
  id bigserial primary key,
  subject text not null,
  failed_at timestamptz not null
);
create index login_failures_by_subject on identity.login_failures (subject, failed_at);
create index login_failures_by_time on identity.login_failures (failed_at);

create table identity.login_codes (
  id serial primary key,
  user_id integer not null,
  salt text not null,
  code_hash text not null,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  wrong_tries integer not null default 0,
  used_at timestamptz,
  superseded_at timestamptz
);
create index login_codes_by_user on identity.login_codes (user_id, created_at);
