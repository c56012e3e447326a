/**
 * Test databases start from templates. Creating an empty PGlite cluster (initdb) takes seconds,
 * and every service test used to pay it and then migrate. Instead, the first test of a run that
 * needs a given set of migrations creates the database, migrates it and saves its files to the
 * run's template folder (`CLINIC_TEST_DB_TEMPLATES`, made by jest's global setup); every later
 * test that needs the same migrations gets its own fresh copy of those files. Each test still
 * has a private database; the template's name is a hash of the migrations' SQL, so changing a
 * migration builds a new one. Without the folder (outside jest) each database is built afresh.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Clock } from '../clock';
import { baseConfigSchema, loadConfig } from '../config/config';
import { kitMigrations } from '../db/kit-migrations';
import { loadMigrations, migrate, type Migration } from '../db/migrate';
import { PgliteDatabase } from '../db/pglite-database';
import { MAILBOX_SCHEMA, mailboxMigrations } from '../notify/mailbox';
import { openEngines, type OpenedEngines } from '../runtime/engines';
import { silentLogger } from './support';
import { TEST_DB_TEMPLATES_ENV } from './test-database-folder';

export { TEST_DB_TEMPLATES_ENV };

/** What of a service decides its schema: its name and its migrations folder. */
export type ServiceSchema = { name: string; migrationsDir: string | null };

/** Migrations applied to one schema, in order, as `migrate` applies them. */
export interface MigrationStep {
  schema: string;
  migrations: Migration[];
}

/**
 * A private in-memory database holding what `steps` create, loaded from the run's template for
 * these steps (made now if it is the first).
 */
export async function openTestDatabase(steps: MigrationStep[] = []): Promise<PgliteDatabase> {
  const folder = process.env[TEST_DB_TEMPLATES_ENV];
  const file = folder && join(folder, `${templateKey(steps)}.tar`);
  if (file && existsSync(file)) {
    return PgliteDatabase.open(undefined, { loadDataDir: new Blob([readFileSync(file)]) });
  }
  const database = await PgliteDatabase.open();
  try {
    for (const step of steps) await migrate(database, step.schema, step.migrations);
    if (file) {
      // Written aside and renamed, so a test in another worker never reads half a template.
      const partial = `${file}.${process.pid}.partial`;
      mkdirSync(folder, { recursive: true });
      writeFileSync(partial, new Uint8Array(await (await database.dumpDataDir()).arrayBuffer()));
      renameSync(partial, file);
    }
    return database;
  } catch (err) {
    await database.close();
    throw err;
  }
}

/** What a service's start applies: the dev mailbox, then the kit's tables and its own. */
export function serviceMigrationSteps(modules: ServiceSchema[]): MigrationStep[] {
  return [
    { schema: MAILBOX_SCHEMA, migrations: mailboxMigrations(MAILBOX_SCHEMA) },
    ...modules.flatMap((m) => [
      { schema: m.name, migrations: kitMigrations(m.name) },
      ...(m.migrationsDir ? [{ schema: m.name, migrations: loadMigrations(m.migrationsDir) }] : []),
    ]),
  ];
}

/**
 * In-memory engines (as `DATA_DIR=:memory:` opens them) on a test database that already holds the
 * schemas of `services`, so booting them finds nothing left to migrate.
 */
export async function openTestEngines(
  opts: {
    services?: ServiceSchema[];
    clock?: Clock;
    processName?: string;
  } = {},
): Promise<OpenedEngines> {
  const database = await openTestDatabase(serviceMigrationSteps(opts.services ?? []));
  try {
    return await openEngines(loadConfig(baseConfigSchema, { DATA_DIR: ':memory:' }), {
      processName: opts.processName ?? 'test',
      logger: silentLogger,
      clock: opts.clock,
      database,
    });
  } catch (err) {
    await database.close();
    throw err;
  }
}

function templateKey(steps: MigrationStep[]): string {
  return createHash('sha256').update(JSON.stringify(steps)).digest('hex').slice(0, 32);
}
