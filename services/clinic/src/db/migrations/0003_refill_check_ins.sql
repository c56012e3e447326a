-- A refill check-in (forms' refill questionnaire, before each renewal shipment) brings an
-- accepted case back to the queue; the flag shows it, the assessment id makes a redelivery a
-- no-op.
alter table clinic.cases add column refill_check_in boolean not null default false;
alter table clinic.cases add column assessment_id integer;
