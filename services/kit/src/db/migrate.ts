import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Database } from './database';

export interface Migration {
  name: string;
  sql: string;
}

/** The checked-in `NNNN_name.sql` files of a folder, in order. */
export function loadMigrations(dir: string): Migration[] {
  return readdirSync(dir)
    .filter((f) => /^\d{4}_[\w-]+\.sql$/.test(f))
    .sort()
    .map((name) => ({ name, sql: readFileSync(join(dir, name), 'utf8') }));
}

export function assertSchemaName(schema: string): void {
  if (!/^[a-z][a-z0-9_]{0,62}$/.test(schema)) throw new Error(`Invalid schema name "${schema}"`);
}

/**
 * Applies the migrations a schema has not had yet, all in one transaction under an advisory lock,
 * so several instances starting together apply each migration exactly once.
 */
export async function migrate(
  database: Database,
  schema: string,
  migrations: Migration[],
): Promise<string[]> {
  assertSchemaName(schema);
  return database.scriptTransaction(async (client) => {
    await client.query('select pg_advisory_xact_lock(hashtext($1))', [`migrate:${schema}`]);
    await client.exec(
      `create schema if not exists "${schema}";
       create table if not exists "${schema}"._migrations (
         name text primary key,
         applied_at timestamptz not null default now()
       );`,
    );
    const done = new Set(
      (await client.query<{ name: string }>(`select name from "${schema}"._migrations`)).map(
        (r) => r.name,
      ),
    );
    const applied: string[] = [];
    for (const migration of migrations) {
      if (done.has(migration.name)) continue;
      await client.exec(migration.sql);
      await client.query(`insert into "${schema}"._migrations (name) values ($1)`, [
        migration.name,
      ]);
      applied.push(migration.name);
    }
    return applied;
  });
}
