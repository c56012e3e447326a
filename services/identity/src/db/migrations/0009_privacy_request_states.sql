-- The privacy team works each request in three steps (issue 30): received (stored, confirmed by
-- email), verified (the team matched the requester to the consumer, or to their authorized
-- agent), done (answered: what was sent or done is the closing note). A request never goes
-- back a step. The four statuses of 0002 were never written by any code; a row holding one is
-- carried over to its nearest step, and a closed one gets a note saying where it came from.
alter table identity.privacy_requests drop constraint privacy_requests_status_check;

alter table identity.privacy_requests
  add column verified_at timestamptz,
  -- Staff ids of identity.users: who verified and who closed it (names are read, not copied).
  add column verified_by integer,
  add column closed_by integer,
  add column closing_note text check (length(closing_note) between 1 and 500);

update identity.privacy_requests set status = 'verified', verified_at = received_at
  where status = 'in_progress';
update identity.privacy_requests
  set status = 'done',
      verified_at = received_at,
      closed_at = coalesce(closed_at, received_at),
      closing_note = 'Closed before the console recorded closing notes.'
  where status in ('completed', 'denied');

alter table identity.privacy_requests
  add constraint privacy_requests_status_check
    check (status in ('received', 'verified', 'done')),
  -- Each step keeps the moment of the ones before it: a verified request was verified, a done
  -- one was verified and closed with its note.
  add constraint privacy_requests_steps_check check (
    (status = 'received' and verified_at is null and closed_at is null)
    or (status = 'verified' and verified_at is not null and closed_at is null)
    or (status = 'done' and verified_at is not null and closed_at is not null
        and closing_note is not null)
  );

drop index identity.privacy_requests_open_by_due;
create index privacy_requests_open_by_due on identity.privacy_requests (respond_by)
  where status in ('received', 'verified');
