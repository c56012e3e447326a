/**
 * GET /api/order-items through the contract (its zod schema parses the answer). A module of its
 * own, imported lazily by orderItemsApi's query: the schema (with fulfilment's shipment kinds)
 * downloads when the portal asks for the orders, not with /home's first load.
 */
import { orderItems } from '@clinic/contracts';
import { callApi } from '../api/client';

export function loadOrderItems() {
  return callApi(orderItems);
}
