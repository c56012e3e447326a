/**
 * `npm run rebuild:order-items -w @clinic/gateway`: empties the gateway's order view and makes it
 * again by replaying the gateway's own event log (the bus keeps no history; the log is the record
 * of what the gateway consumed). Cluster mode: against DATABASE_URL, while the product runs.
 * Single-node mode: against the embedded database in DATA_DIR (default ./data), which only one
 * process can open: stop the product (`npm start`) first.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import {
  IN_MEMORY,
  PgliteDatabase,
  PostgresDatabase,
  baseConfigSchema,
  describeError,
  kitMigrations,
  loadConfig,
  loadMigrations,
  migrate,
  type Database,
} from '@clinic/kit';
import { rebuildOrderView } from './domain/order-view';
import { gatewayService } from './module';

class Refused extends Error {}

async function openDatabase(): Promise<{ database: Database; where: string }> {
  const config = loadConfig(baseConfigSchema);
  if (config.DATABASE_URL) {
    const url = new URL(config.DATABASE_URL);
    return {
      database: await PostgresDatabase.open(config.DATABASE_URL, {
        applicationName: 'gateway-rebuild',
      }),
      where: `PostgreSQL ${url.host}${url.pathname}`,
    };
  }
  if (config.DATA_DIR === IN_MEMORY)
    throw new Refused('DATA_DIR=:memory: keeps no database to rebuild: nothing to do.');
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

async function main(): Promise<void> {
  const { database, where } = await openDatabase();
  try {
    // A database the gateway never ran on gets its (empty) schema, as a start would make it.
    await migrate(database, gatewayService.name, kitMigrations(gatewayService.name));
    if (gatewayService.migrationsDir)
      await migrate(database, gatewayService.name, loadMigrations(gatewayService.migrationsDir));
    const started = Date.now();
    const report = await rebuildOrderView(database);
    console.log(
      `Rebuilt the order view in ${where} from the gateway's event log in ${Date.now() - started} ms: ` +
        `${report.events} events replayed, ${report.orders} orders, ${report.items} items, ` +
        `${report.patients} patients with a health id.`,
    );
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Refused ? err.message : `The rebuild failed: ${describeError(err)}`);
  process.exit(err instanceof Refused ? 2 : 1);
});
