/**
 * Jest global setup: a fresh folder for this run's test database templates (test-database.ts),
 * removed by jest-global-teardown.ts. Workers start after it and inherit the variable. A folder
 * already named in the environment is used as it is and kept.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TEST_DB_TEMPLATES_ENV, TEST_DB_TEMPLATES_MADE } from './test-database-folder';

export default function globalSetup(): void {
  // Once for all projects of the run.
  if (process.env[TEST_DB_TEMPLATES_ENV]) return;
  const folder = mkdtempSync(join(tmpdir(), 'clinic-test-db-'));
  process.env[TEST_DB_TEMPLATES_ENV] = folder;
  (globalThis as Record<string, unknown>)[TEST_DB_TEMPLATES_MADE] = folder;
}
