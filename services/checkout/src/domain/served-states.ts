/**
 * Where checkout takes orders, by the per-state rules in force (intake's, copied here): not to a
 * shipping address in a state where the program is not available (the quiz's /sorry message), nor
 * where the pharmacy cannot ship. Also the count a rule change's preview asks for: open carts in
 * some states (unpaid carts of patients whose shipping address is there).
 */
import { and, count, eq, inArray, isNull } from 'drizzle-orm';
import { ruleHolds, stateCodeOf, unservedStateMessage } from '@clinic/contracts';
import { ForbiddenError, InvalidRequestError, type Db } from '@clinic/kit';
import { carts, orders, shippingAddresses } from '../db/schema';
import type { CheckoutStateRules } from '../subscribers/state-rules-changed-copy';

export async function refuseUnservedState(rules: CheckoutStateRules, state: string): Promise<void> {
  const { value } = await rules.get();
  const refusal = unservedStateMessage(value, state);
  if (!refusal) return;
  // Not served at all is the quiz's refusal (403); a state the pharmacy cannot ship to, the
  // address's (400): another address may do.
  if (ruleHolds(value, 'blockedStates', stateCodeOf(state))) throw new ForbiddenError(refusal);
  throw new InvalidRequestError(refusal);
}

export async function countOpenCarts(db: Db, states: readonly string[]): Promise<number> {
  if (states.length === 0) return 0;
  const [row] = await db
    .select({ n: count() })
    .from(carts)
    .innerJoin(shippingAddresses, eq(shippingAddresses.userId, carts.userId))
    .leftJoin(orders, eq(orders.cartId, carts.id))
    .where(and(isNull(orders.id), inArray(shippingAddresses.state, [...states])));
  return row?.n ?? 0;
}
