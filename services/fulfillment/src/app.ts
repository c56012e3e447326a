import { join } from 'node:path';
import { Router } from 'express';
import type { ServiceModule } from '@clinic/kit';
import type { FulfillmentDeps } from './deps';

export type { FulfillmentDeps } from './deps';

/**
 * Fulfilment owns the pharmacy's work (BRIEF section 4): a shipment for each accepted
 * prescription, renewal supply and approved reship; placing, pausing, shipping (carrier and
 * tracking number) and delivering it, each step an event and a message to the patient; and the
 * patient's reship requests.
 */
export const fulfillmentService: ServiceModule<FulfillmentDeps> = {
  name: 'fulfillment',
  migrationsDir: join(__dirname, 'db', 'migrations'),
  build() {
    const router = Router();
    return { router, subscribers: [], jobs: [] };
  },
};
