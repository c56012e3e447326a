/**
 * The Drizzle schema declares the whole `checkout` schema as the migrations make it: every table
 * and column and nothing more, with the same nullability and types (the kit's check), and the
 * same primary keys, defaults and type modifiers (numeric(5,1)) as well. A migration that adds a
 * column without declaring it, or a declaration without its migration, fails here. The kit's own
 * tables in the schema (outbox, inbox, jobs, ...) are the kit's.
 */
import { join } from 'node:path';
import { is, sql } from 'drizzle-orm';
import { PgTable, getTableConfig } from 'drizzle-orm/pg-core';
import { rows, type PgliteDatabase } from '@clinic/kit';
import {
  expectServiceSchemaDeclared,
  kitTableNames,
  openTestDatabase,
  serviceMigrationSteps,
} from '@clinic/kit/testing';
import { checkoutService } from '../app';
import * as schema from './schema';

interface ColumnFacts {
  type: string;
  nullable: boolean;
  hasDefault: boolean;
  primaryKey: boolean;
}

type Columns = Record<string, ColumnFacts>;

/** Tables the kit's migrations put in every service schema, and the migrations' own record. */
const kitTables = new Set(kitTableNames());

/** Drizzle's spellings of a type that Postgres stores as another. */
function normalType(type: string): string {
  const t = type.replace(/,\s+/g, ',');
  if (t === 'serial') return 'integer';
  if (t === 'bigserial') return 'bigint';
  return t;
}

function declaredColumns(): Columns {
  const out: Columns = {};
  for (const value of Object.values(schema)) {
    if (!is(value, PgTable)) continue;
    const config = getTableConfig(value);
    expect(config.schema).toBe('checkout');
    const compositeKey = new Set(
      config.primaryKeys.flatMap((pk) => pk.columns.map((column) => column.name)),
    );
    for (const column of config.columns) {
      out[`${config.name}.${column.name}`] = {
        type: normalType(column.getSQLType()),
        nullable: !column.notNull,
        hasDefault: column.hasDefault || column.generatedIdentity !== undefined,
        primaryKey: column.primary || compositeKey.has(column.name),
      };
    }
  }
  return out;
}

async function migratedColumns(database: PgliteDatabase): Promise<Columns> {
  const found = await rows<{
    table_name: string;
    column_name: string;
    type: string;
    not_null: boolean;
    has_default: boolean;
    primary_key: boolean;
  }>(
    database.db,
    // The catalogue's own tables have no Drizzle declaration to query them by.
    sql`select c.relname as table_name, a.attname as column_name,
               format_type(a.atttypid, a.atttypmod) as type, a.attnotnull as not_null,
               (a.atthasdef or a.attidentity <> '') as has_default,
               exists (select 1 from pg_index i
                       where i.indrelid = c.oid and i.indisprimary
                         and a.attnum = any (i.indkey)) as primary_key
        from pg_class c
        join pg_namespace n on n.oid = c.relnamespace
        join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
        where n.nspname = 'checkout' and c.relkind in ('r', 'p')`,
  );
  const out: Columns = {};
  for (const row of found) {
    if (kitTables.has(row.table_name)) continue;
    out[`${row.table_name}.${row.column_name}`] = {
      type: normalType(row.type),
      nullable: !row.not_null,
      hasDefault: row.has_default,
      primaryKey: row.primary_key,
    };
  }
  return out;
}

describe('the checkout Drizzle schema', () => {
  let database: PgliteDatabase;

  beforeAll(async () => {
    database = await openTestDatabase(
      serviceMigrationSteps([{ name: 'checkout', migrationsDir: join(__dirname, 'migrations') }]),
    );
  });

  afterAll(() => database.close());

  it('declares every table and column the migrations create, and no other', async () => {
    await expectServiceSchemaDeclared(checkoutService, schema);
    const migrated = await migratedColumns(database);
    expect(Object.keys(declaredColumns()).sort()).toEqual(Object.keys(migrated).sort());
    // 28 tables today: the comparison saw the service's own tables, not only the kit's.
    const tables = new Set(Object.keys(migrated).map((key) => key.split('.')[0]));
    expect(tables.size).toBeGreaterThanOrEqual(28);
  });

  it('declares each column with the type, nullability, default and key the migrations give it', async () => {
    const migrated = await migratedColumns(database);
    const declared = declaredColumns();
    const mismatches = Object.entries(declared).flatMap(([key, facts]) => {
      const actual = migrated[key];
      return actual && JSON.stringify(actual) !== JSON.stringify(facts)
        ? [{ column: key, declared: facts, migrated: actual }]
        : [];
    });
    expect(mismatches).toEqual([]);
  });
});
