-- Every staff account signs in with a second factor (issue 30): a TOTP authenticator app (RFC
-- 6238) and ten one-time recovery codes. The TOTP secret is kept as is (a code can only be checked
-- with it); `last_step` is the newest 30-second time step a code was accepted for, so a code seen
-- once (over a shoulder, in a proxy log) never logs in again. `confirmed_at` is null while an
-- enrolment waits for its first code. Recovery codes are stored as argon2id hashes, like passwords.
create table identity.staff_factors (
  user_id integer primary key,
  secret text not null,
  created_at timestamptz not null,
  confirmed_at timestamptz,
  last_step bigint
);

create table identity.recovery_codes (
  id serial primary key,
  user_id integer not null,
  code_hash text not null,
  created_at timestamptz not null,
  used_at timestamptz
);
create index recovery_codes_by_user on identity.recovery_codes (user_id);

-- Between a staff member's right password and their second factor: a short-lived challenge (its
-- SHA-256 only), ended by a success, its deadline or five wrong tries.
create table identity.sign_in_challenges (
  token_hash text primary key,
  user_id integer not null,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  wrong_tries integer not null default 0,
  used_at timestamptz
);
create index sign_in_challenges_by_time on identity.sign_in_challenges (expires_at);
