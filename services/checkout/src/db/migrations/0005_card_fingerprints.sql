-- A card's fingerprint, as Stripe gives one: the same card number always has the same
-- fingerprint (a keyed hash, never the number), so a card can be blocked whatever its token.
alter table checkout.sandbox_tokens add column fingerprint text not null default '';
alter table checkout.sandbox_payment_methods add column fingerprint text not null default '';
