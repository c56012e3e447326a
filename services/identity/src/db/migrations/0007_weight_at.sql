-- When the patient last changed their weight on the Profile tab (null: the weight is the intake
-- quiz's). The Profile tab shows the latest weight the patient reported: this one, or a newer
-- one from a medical assessment or refill check-in (forms' weight history).
alter table identity.users add column weight_at timestamptz;
