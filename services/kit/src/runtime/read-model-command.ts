/**
 * A maintenance command on one service's schema, run by hand (`npm run rebuild:<model>`): opens
 * the database the product uses (cluster mode: DATABASE_URL, while the product runs; single-node:
 * the embedded database in DATA_DIR, which only one process can open, so the product must be
 * stopped), gives a database the service never ran on its schema as a start would, runs the work
 * and prints its report. A refusal (nothing to work on, the database busy) exits 2 with a plain
 * sentence; a failure exits 1.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { baseConfigSchema, loadConfig } from '../config/config';
import type { Database } from '../db/database';
import { kitMigrations } from '../db/kit-migrations';
import { loadMigrations, migrate } from '../db/migrate';
import { PgliteDatabase } from '../db/pglite-database';
import { PostgresDatabase } from '../db/postgres-database';
import { IN_MEMORY } from './engines';
import { describeError } from './transient-errors';
import type { ServiceModule } from './service-runtime';

class Refused extends Error {}

async function openCommandDatabase(
  applicationName: string,
): Promise<{ database: Database; where: string }> {
  const config = loadConfig(baseConfigSchema);
  if (config.DATABASE_URL) {
    const url = new URL(config.DATABASE_URL);
    return {
      database: await PostgresDatabase.open(config.DATABASE_URL, { applicationName }),
      where: `PostgreSQL ${url.host}${url.pathname}`,
    };
  }
  if (config.DATA_DIR === IN_MEMORY)
    throw new Refused('DATA_DIR=:memory: keeps no database to work on: nothing to do.');
  // npm runs workspace scripts in the workspace's folder; DATA_DIR is relative to where npm was run.
  const dir = join(resolve(process.env.INIT_CWD ?? process.cwd(), config.DATA_DIR), 'pglite');
  if (!existsSync(dir))
    throw new Refused(`No embedded database in ${dir}: start the product once (npm start) first.`);
  if (existsSync(join(dir, 'postmaster.pid')))
    throw new Refused(
      `The embedded database in ${dir} is open in another process (the product, npm start): ` +
        'only one process can open it. Stop the product and run this again. (If the product is ' +
        `not running, it was killed without closing it: remove ${join(dir, 'postmaster.pid')}.)`,
    );
  return { database: await PgliteDatabase.open(dir), where: `the embedded database in ${dir}` };
}

export async function runReadModelCommand<Deps>(
  module: ServiceModule<Deps>,
  work: (database: Database, where: string) => Promise<string>,
): Promise<void> {
  try {
    const { database, where } = await openCommandDatabase(`${module.name}-command`);
    try {
      await migrate(database, module.name, kitMigrations(module.name));
      if (module.migrationsDir)
        await migrate(database, module.name, loadMigrations(module.migrationsDir));
      console.log(await work(database, where));
    } finally {
      await database.close();
    }
  } catch (err) {
    console.error(err instanceof Refused ? err.message : `It failed: ${describeError(err)}`);
    process.exit(err instanceof Refused ? 2 : 1);
  }
}
