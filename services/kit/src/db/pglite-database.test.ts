import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { describeDatabaseContract } from './database.suite';
import { PgliteDatabase } from './pglite-database';
import { rows } from './database';
import { migrate } from './migrate';

describeDatabaseContract('PGlite in memory', () => PgliteDatabase.open());

describe('PGlite in a data folder', () => {
  it('keeps committed data across a restart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pglite-'));
    try {
      const first = await PgliteDatabase.open(dir);
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
  });
});
