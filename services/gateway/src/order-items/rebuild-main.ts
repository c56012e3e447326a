/**
 * `npm run rebuild:order-items -w @clinic/gateway`: empties the gateway's order view and makes it
 * again by replaying the gateway's own event log (the bus keeps no history; the log is the record
 * of what the gateway consumed). Cluster mode: against DATABASE_URL, while the product runs.
 * Single-node mode: against the embedded database in DATA_DIR (default ./data): stop the product
 * (`npm start`) first.
 */
import { runReadModelCommand } from '@clinic/kit';
import { rebuildOrderView } from './domain/order-view';
import { gatewayService } from './module';

void runReadModelCommand(gatewayService, async (database, where) => {
  const started = Date.now();
  const report = await rebuildOrderView(database);
  return (
    `Rebuilt the order view in ${where} from the gateway's event log in ${Date.now() - started} ms: ` +
    `${report.events} events replayed, ${report.orders} orders, ${report.items} items, ` +
    `${report.patients} patients with a health id.`
  );
});
