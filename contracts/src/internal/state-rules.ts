/**
 * What intake asks before an admin saves a change of the per-state rules: how many open carts
 * (checkout) and open orders (forms) are in the states the change moves. In cluster mode these
 * go over HTTP to the owners' internal routes with the cluster's internal token; counts only,
 * never who.
 */
import { z } from 'zod';
import { stateCodes } from '../constants/states';

export const openWorkRequestSchema = z.object({
  states: z.array(z.enum(stateCodes as [string, ...string[]])).max(stateCodes.length),
});
export const openWorkCountSchema = z.object({ count: z.number().int().nonnegative() });

export const stateRulesInternalPaths = {
  openCarts: '/internal/checkout/open-carts',
  openOrders: '/internal/forms/open-orders',
} as const;
