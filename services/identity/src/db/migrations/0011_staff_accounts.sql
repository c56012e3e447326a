-- Staff accounts worked by admins (issue 30): a disabled account cannot log in and has no live
-- session; the list shows each person's last successful login (null: never, or before this).
alter table identity.users add column disabled_at timestamptz;
alter table identity.users add column last_login_at timestamptz;
