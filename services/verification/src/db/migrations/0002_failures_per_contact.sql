-- The contact each wrong code was meant for: changing the phone or email starts the count that
-- flags "Skip verification" over (spec 000 section 4), while the hourly cap still counts every
-- failure. Failures recorded before this column have none and count toward the cap only.
alter table verification.code_failures add column destination text;
create index code_failures_by_contact on verification.code_failures (user_id, channel, destination, at);
