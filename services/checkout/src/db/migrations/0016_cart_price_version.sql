-- The version of the price table (the `catalog` setting) a cart was saved under: the cart is
-- charged at those prices, so a price change applies to carts saved after it. Carts saved before
-- this migration were priced by the spec's table, the setting's seed, version 0.
alter table checkout.carts add column price_version integer not null default 0;
