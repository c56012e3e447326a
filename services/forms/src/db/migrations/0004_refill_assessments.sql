-- A refill check-in (issue 17: the refill questionnaire before each renewal shipment) is another
-- assessment of the same order: an order keeps every assessment, the newest is the one read.
alter table forms.assessments drop constraint assessments_order_id_key;
create index assessments_by_order on forms.assessments (order_id, submitted_at desc, id desc);
