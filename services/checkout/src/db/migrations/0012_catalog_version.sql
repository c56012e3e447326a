-- The catalog's version: one counter that every statement writing the catalog tables bumps, in
-- the writer's own transaction, so it becomes visible exactly when the change does. Each checkout
-- process serves the catalog from memory and compares this number now and then (see
-- domain/catalog-cache.ts); the triggers catch every writer, a migration or psql included.
create table checkout.catalog_version (
  singleton boolean primary key default true check (singleton),
  version bigint not null
);

insert into checkout.catalog_version (version) values (1);

create function checkout.bump_catalog_version() returns trigger
language plpgsql as $$
begin
  update checkout.catalog_version set version = version + 1;
  return null;
end;
$$;

create trigger products_bump_catalog_version
  after insert or update or delete or truncate on checkout.products
  for each statement execute function checkout.bump_catalog_version();

create trigger product_term_prices_bump_catalog_version
  after insert or update or delete or truncate on checkout.product_term_prices
  for each statement execute function checkout.bump_catalog_version();
