-- The moment an injection day's doses count from (issue 31): the change's moment, or the first
-- dose on the new day that keeps the labels' gap after the last one logged (48 hours for
-- semaglutide, 72 for tirzepatide), so moving the day never has a patient dose twice too soon.
alter table forms.injection_days add column starts_at timestamptz;
update forms.injection_days set starts_at = saved_at;
alter table forms.injection_days alter column starts_at set not null;
