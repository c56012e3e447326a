-- A supply a coming renewal will pay for (checkout's renewal-supply-upcoming, issue 31): known 7
-- days (monthly) or 15 days (longer plans) before its charge, so its refill check-in opens 7 days
-- before its date like every other refill's. Its shipment waits until the renewal is paid; the
-- payment marks it paid and takes it over (its transaction_id becomes the charge's).
alter table fulfillment.supplies add column paid boolean not null default true;
create index supplies_unpaid on fulfillment.supplies (order_id, ship_on) where not paid;
