-- A session opened from a checkout link is scoped to that cart: it may pay it and finish that
-- order's next steps, never open the portal (README, "Cart links").
alter table identity.sessions add column cart_id text;
