/** Jest global teardown: removes the templates folder the global setup made. */
import { rmSync } from 'node:fs';
import { TEST_DB_TEMPLATES_ENV, TEST_DB_TEMPLATES_MADE } from './test-database-folder';

export default function globalTeardown(): void {
  const made = (globalThis as Record<string, unknown>)[TEST_DB_TEMPLATES_MADE];
  if (typeof made !== 'string') return;
  rmSync(made, { recursive: true, force: true });
  delete process.env[TEST_DB_TEMPLATES_ENV];
  delete (globalThis as Record<string, unknown>)[TEST_DB_TEMPLATES_MADE];
}
