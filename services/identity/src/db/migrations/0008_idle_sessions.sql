-- A staff session also ends after 15 minutes without a request the person made (HIPAA
-- 164.312(a)(2)(iii)): the sliding deadline is kept with the session. Null for a patient's
-- session, which keeps its fixed 30 days.
alter table identity.sessions add column idle_expires_at timestamptz;

-- Staff sessions open when this runs get their first deadline now (the database's clock, the only
-- one a migration has): none of them outlives the rule by more than 15 minutes.
update identity.sessions s
   set idle_expires_at = least(s.expires_at, now() + interval '15 minutes')
  from identity.users u
 where u.id = s.user_id and u.role <> 'patient' and s.revoked_at is null;
