/**
 * Does a service's Drizzle schema declare its whole PostgreSQL schema? After the migrations, every
 * table and column of the schema in `information_schema.columns` must be declared, every declared
 * one must exist, with the same nullability and the same type. The kit's own tables (outbox,
 * inbox, jobs, ...: kit-migrations.ts) and `_migrations` belong to the kit, not to the service's
 * declaration, and are left out unless asked for.
 *
 *   it('declares the whole schema', () => expectServiceSchemaDeclared(identityService, schema));
 */
import { is, sql } from 'drizzle-orm';
import { PgTable, getTableConfig, type PgColumn } from 'drizzle-orm/pg-core';
import { rows, type Database, type Executor } from '../db/database';
import { kitMigrations } from '../db/kit-migrations';
import { openTestDatabase, serviceMigrationSteps, type ServiceSchema } from './test-database';

/** Tables, as an array or as a module's exports (`import * as schema from './schema'`). */
export type DeclaredTables = readonly PgTable[] | Record<string, unknown>;

export interface DeclaredSchemaOptions {
  /** Tables of the schema that are not the declaration's business (besides the kit's). */
  ignoreTables?: readonly string[];
  /** Also require the kit's tables and `_migrations` to be declared (default false). */
  includeKitTables?: boolean;
}

/** The tables every service schema holds from the kit's migrations, and `_migrations`. */
export function kitTableNames(): string[] {
  const names = kitMigrations('kit_tables').flatMap((m) =>
    [...m.sql.matchAll(/create table\s+"kit_tables"\.(\w+)/gi)].map((match) => match[1] as string),
  );
  return ['_migrations', ...names];
}

/**
 * What differs between the migrated schema `schema` and the tables declared for it, one sentence
 * each (empty when they agree).
 */
export async function declaredSchemaDifferences(
  database: Database | Executor,
  schema: string,
  declared: DeclaredTables,
  opts: DeclaredSchemaOptions = {},
): Promise<string[]> {
  const executor = 'db' in database ? database.db : database;
  const ignored = new Set([
    ...(opts.ignoreTables ?? []),
    ...(opts.includeKitTables ? [] : kitTableNames()),
  ]);
  const differences: string[] = [];

  const actual = new Map<string, Map<string, { nullable: boolean; type: string }>>();
  const columns = await rows<{
    table_name: string;
    column_name: string;
    is_nullable: 'YES' | 'NO';
    type: string;
  }>(
    executor,
    sql`select table_name, column_name, is_nullable,
          format_type(to_regtype(quote_ident(udt_schema) || '.' || quote_ident(udt_name)), null) as type
        from information_schema.columns
        where table_schema = ${schema}
        order by table_name, ordinal_position`,
  );
  for (const c of columns) {
    if (ignored.has(c.table_name)) continue;
    const table = actual.get(c.table_name) ?? new Map();
    table.set(c.column_name, { nullable: c.is_nullable === 'YES', type: c.type });
    actual.set(c.table_name, table);
  }

  const tables = Array.isArray(declared)
    ? (declared as readonly PgTable[])
    : Object.values(declared).filter((value): value is PgTable => is(value, PgTable));
  const declaredTypes = new Map<string, string>();
  const wanted = new Map<string, Map<string, { nullable: boolean; sqlType: string }>>();
  for (const table of tables) {
    const config = getTableConfig(table);
    const qualified = `${config.schema ?? 'public'}.${config.name}`;
    if ((config.schema ?? 'public') !== schema) {
      differences.push(`table ${qualified} is declared in schema "${config.schema ?? 'public'}"`);
      continue;
    }
    if (wanted.has(config.name)) differences.push(`table ${qualified} is declared twice`);
    const declaredColumns = new Map<string, { nullable: boolean; sqlType: string }>();
    for (const column of config.columns) {
      const sqlType = sqlTypeOf(column);
      declaredTypes.set(sqlType, sqlType);
      declaredColumns.set(column.name, { nullable: !column.notNull, sqlType });
    }
    wanted.set(config.name, declaredColumns);
  }

  // The database names the declared types as it names its own, so `int`, `varchar(20)` and
  // `timestamp (3) with time zone` compare with `integer`, `character varying` and so on.
  for (const sqlType of declaredTypes.keys()) {
    const [row] = await rows<{ type: string | null }>(
      executor,
      sql`select format_type(to_regtype(${serialType[sqlType] ?? sqlType}), null) as type`,
    );
    declaredTypes.set(sqlType, row?.type ?? `${sqlType} (not a type of the database)`);
  }

  for (const [name, columnsOfTable] of actual) {
    const declaredColumns = wanted.get(name);
    if (!declaredColumns) {
      differences.push(`table ${schema}.${name} is in the database but not declared`);
      continue;
    }
    for (const [column, { nullable, type }] of columnsOfTable) {
      const declaredColumn = declaredColumns.get(column);
      if (!declaredColumn) {
        differences.push(`column ${schema}.${name}.${column} is in the database but not declared`);
        continue;
      }
      if (declaredColumn.nullable !== nullable) {
        differences.push(
          `column ${schema}.${name}.${column} is ${nullability(nullable)} in the database ` +
            `but declared ${nullability(declaredColumn.nullable)}`,
        );
      }
      const declaredType = declaredTypes.get(declaredColumn.sqlType);
      if (declaredType !== type) {
        differences.push(
          `column ${schema}.${name}.${column} is ${type} in the database but declared ` +
            `${declaredType} (${declaredColumn.sqlType})`,
        );
      }
    }
    for (const column of declaredColumns.keys()) {
      if (!columnsOfTable.has(column)) {
        differences.push(`column ${schema}.${name}.${column} is declared but not in the database`);
      }
    }
  }
  for (const name of wanted.keys()) {
    if (!actual.has(name)) {
      differences.push(
        ignored.has(name)
          ? `table ${schema}.${name} is declared but ignored by the check`
          : `table ${schema}.${name} is declared but not in the database`,
      );
    }
  }
  return differences;
}

/** Throws, naming every difference, unless `declared` declares the migrated schema exactly. */
export async function expectSchemaDeclared(
  database: Database | Executor,
  schema: string,
  declared: DeclaredTables,
  opts: DeclaredSchemaOptions = {},
): Promise<void> {
  const differences = await declaredSchemaDifferences(database, schema, declared, opts);
  if (differences.length > 0) {
    throw new Error(
      `The Drizzle declaration of schema "${schema}" differs from its migrations:\n` +
        differences.map((d) => `  - ${d}`).join('\n'),
    );
  }
}

/**
 * The same for a service (its name and migrations folder, e.g. its `ServiceModule`): on a fresh
 * database holding what its start migrates (the run's template), then closed.
 */
export async function expectServiceSchemaDeclared(
  service: ServiceSchema,
  declared: DeclaredTables,
  opts: DeclaredSchemaOptions = {},
): Promise<void> {
  const database = await openTestDatabase(
    serviceMigrationSteps([{ name: service.name, migrationsDir: service.migrationsDir }]),
  );
  try {
    await expectSchemaDeclared(database, service.name, declared, opts);
  } finally {
    await database.close();
  }
}

/** Drizzle's name of a column's type; an enum of a schema (`pgSchema().enum`) schema-qualified. */
function sqlTypeOf(column: PgColumn): string {
  const enumType = (column as { enum?: { enumName: string; schema?: string } }).enum;
  if (enumType?.schema) return `"${enumType.schema}"."${enumType.enumName}"`;
  return column.getSQLType();
}

const serialType: Record<string, string> = {
  smallserial: 'smallint',
  serial: 'integer',
  bigserial: 'bigint',
};

const nullability = (nullable: boolean) => (nullable ? 'nullable' : 'not null');
