-- When the forms service reported the order's medical assessment submitted (form-submitted):
-- the portal's "Next step" stops pointing to the medical form then.
alter table checkout.orders add column assessment_submitted_at timestamptz;
