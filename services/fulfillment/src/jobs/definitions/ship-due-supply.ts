/**
 * fulfillment.ship-due-supply: makes the shipments of an order's supplies that are due.
 */
import { z } from 'zod';
import { jobType } from '@clinic/kit';

export const shipDueSupply = jobType({
  name: 'fulfillment.ship-due-supply',
  formerNames: ['fulfillment-ship-due-supply'],
  schema: z.object({ orderId: z.number().int() }),
  attempts: 8,
  backoffMs: 30_000,
});
