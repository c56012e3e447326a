/**
 * The Drizzle declaration of every table of the `checkout` schema, as the migrations in
 * ./migrations make them (schema.test.ts checks it against the migrated database). One file per
 * area under ./schema; the kit's own tables (outbox, inbox, jobs, ...) are the kit's.
 */
export * from './schema/checkout-schema';
export * from './schema/catalog';
export * from './schema/carts';
export * from './schema/sandbox';
export * from './schema/payments';
export * from './schema/orders';
export * from './schema/billing';
export * from './schema/coupons';
