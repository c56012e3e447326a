import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { describeDatabaseContract } from './database.suite';
import { PgliteDatabase } from './pglite-database';
import { rows } from './database';
import { migrate } from './migrate';
import { serviceBootTimeoutMs } from '../testing/support';
import { openTestDatabase, serviceMigrationSteps } from '../testing/test-database';

describeDatabaseContract('PGlite in memory', () => PgliteDatabase.open());

describe('PGlite in a data folder', () => {
  it(
    'keeps committed data across a restart',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'pglite-'));
      try {
        // The folder starts from a copy of the run's template cluster (the dev mailbox's, which
        // most kit tests have built by then) instead of initdb into it, the slowest part of this
        // test: it once ran past 30 s in a full run. The restart below is the real one.
        const template = await openTestDatabase(serviceMigrationSteps([]));
        const cluster = await template.dumpDataDir();
        await template.close();
        const first = await PgliteDatabase.open(dir, { loadDataDir: cluster });
        await migrate(first, 'keep', [
          { name: '0001.sql', sql: 'create table keep.notes (body text)' },
        ]);
        await first.db.execute(sql`insert into keep.notes values ('still here')`);
        await first.close();
        const second = await PgliteDatabase.open(dir);
        expect(await rows(second.db, sql`select body from keep.notes`)).toEqual([
          { body: 'still here' },
        ]);
        await second.close();
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
      // Three PGlite starts: 3.6 s alone, past 30 s in a full run on two starved cores.
    },
    serviceBootTimeoutMs,
  );
});
