-- What the patient paid for each order (checkout's payment-succeeded: the checkout, then any add-on
-- or renewal of the same order), so that Process Refund can say how much it gives back before the
-- patient confirms. Null for the orders paid before it was kept: the popup then says "what you paid".
alter table forms.orders add column paid_cents integer;
