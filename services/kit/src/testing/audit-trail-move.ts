/**
 * A service's audit lines moved from a table of its own to the kit's audit trail (kit/0003):
 * a database that recorded a line before the move keeps it, with its id, and the next line
 * follows on. Each service that had such a table runs this on its moving migration.
 */
import { AuditTrail, type AuditRecord } from '../audit/audit-trail';
import { kitMigrations } from '../db/kit-migrations';
import { loadMigrations, migrate } from '../db/migrate';
import { openTestDatabase } from './test-database';

export async function expectAuditLineMoved(opts: {
  schema: string;
  migrationsDir: string;
  /** The service's migration that moves its lines. */
  move: string;
  /** Inserts line 41 into the old table. */
  old: string;
  /** Line 41 as the trail reads it. */
  line: AuditRecord;
}): Promise<void> {
  const { schema, move } = opts;
  const migrations = loadMigrations(opts.migrationsDir);
  expect(migrations.map((m) => m.name)).toContain(move);
  const database = await openTestDatabase([
    { schema, migrations: kitMigrations(schema) },
    { schema, migrations: migrations.filter((m) => m.name < move) },
  ]);
  try {
    await database.scriptTransaction((client) => client.exec(opts.old));
    await migrate(database, schema, migrations);
    const trail = new AuditTrail(schema);
    await trail.record(
      database.db,
      { id: 1, role: 'admin', ip: null },
      { action: 'later', at: new Date() },
    );
    const { entries } = await trail.page(database.db, { limit: 10 });
    expect(entries).toEqual([expect.objectContaining({ id: 42, action: 'later' }), opts.line]);
  } finally {
    await database.close();
  }
}
