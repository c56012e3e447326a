-- A refill made for a supply a coming renewal was to pay for, when the subscription ended before
-- the charge (issue 31): it will not ship. It keeps its row and steps (steps are never removed)
-- and leaves the pharmacy's lists.
alter table fulfillment.shipments add column cancelled_at timestamptz;
-- The subscription ended: a renewal announced before it (or after, delivered late) is not paid.
alter table fulfillment.orders add column renewals_ended_at timestamptz;
