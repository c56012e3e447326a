import { sql } from 'drizzle-orm';
import { rows, type Executor } from '@clinic/kit';

export interface PaymentCounts {
  /** Orders placed for the carts. */
  orders: number;
  /** Charges that stand (succeeded, not refunded) for the carts' checkouts. */
  charges: number;
  /** Carts with more than one standing charge: a double charge. */
  doubled: number;
}

/**
 * What checkout recorded for some carts, for the chaos and crash runs: one order and one charge
 * each is the only right answer. Read from checkout's own tables by checkout's own code.
 */
export async function paymentCountsOfCarts(
  db: Executor,
  cartIds: readonly string[],
): Promise<PaymentCounts> {
  // One text parameter: drizzle would spread an array into a list of parameters.
  const carts = cartIds.join(',');
  const [counts] = await rows<PaymentCounts>(
    db,
    sql`
      WITH c AS (
        SELECT substring(description from 'Checkout of cart (.*)') AS cart_id, count(*) AS n
        FROM checkout.sandbox_charges
        WHERE status = 'succeeded' AND refund_id IS NULL
          AND substring(description from 'Checkout of cart (.*)') = ANY(string_to_array(${carts}, ','))
        GROUP BY 1)
      SELECT
        (SELECT count(*)::int FROM checkout.orders
          WHERE cart_id::text = ANY(string_to_array(${carts}, ','))) AS orders,
        (SELECT coalesce(sum(n), 0)::int FROM c) AS charges,
        (SELECT count(*)::int FROM c WHERE n > 1) AS doubled`,
  );
  return counts!;
}
