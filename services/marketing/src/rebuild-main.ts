/**
 * `npm run rebuild:funnel -w @clinic/marketing`: empties marketing's daily roll-up and makes it
 * again from the funnel facts it kept of every consumed event. Cluster mode: against
 * DATABASE_URL, while the product runs. Single-node mode: against the embedded database in
 * DATA_DIR (default ./data): stop the product (`npm start`) first.
 */
import { runReadModelCommand } from '@clinic/kit';
import { marketingService } from './app';
import { rebuildFunnel } from './domain/funnel';

void runReadModelCommand(marketingService, async (database, where) => {
  const started = Date.now();
  const report = await rebuildFunnel(database);
  return (
    `Rebuilt the funnel in ${where} in ${Date.now() - started} ms: ` +
    `${report.facts} facts replayed for ${report.people} people.`
  );
});
