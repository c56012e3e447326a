import { pgSchema } from 'drizzle-orm/pg-core';

/** The checkout service's own schema; no other service reads it. */
export const checkoutSchema = pgSchema('checkout');
