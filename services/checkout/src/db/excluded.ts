import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/**
 * The value an `insert ... on conflict do update` proposed for `column` (Postgres' `excluded`
 * row), for `onConflictDoUpdate({ set })`: the builder has no operator for it.
 */
export function excluded(column: PgColumn): SQL {
  return sql`excluded.${sql.identifier(column.name)}`;
}
