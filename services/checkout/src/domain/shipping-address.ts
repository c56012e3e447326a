import { sql } from 'drizzle-orm';
import type { ShippingAddressOut } from '@clinic/contracts';
import type { Tx } from '@clinic/kit';

/**
 * The patient's shipping address for the next orders: typed at checkout or confirmed at
 * /verify. The newer save wins, so a late event never undoes a newer address.
 */
export async function storeShippingAddress(
  tx: Tx,
  userId: number,
  address: ShippingAddressOut,
  savedAt: Date,
): Promise<void> {
  await tx.execute(
    sql`insert into checkout.shipping_addresses
          (user_id, address_line_1, address_line_2, city, state, zip, updated_at)
        values (${userId}, ${address.address_line_1}, ${address.address_line_2}, ${address.city},
                ${address.state}, ${address.zip}, ${savedAt})
        on conflict (user_id) do update set
          address_line_1 = excluded.address_line_1, address_line_2 = excluded.address_line_2,
          city = excluded.city, state = excluded.state, zip = excluded.zip,
          updated_at = excluded.updated_at
        where checkout.shipping_addresses.updated_at <= excluded.updated_at`,
  );
}
