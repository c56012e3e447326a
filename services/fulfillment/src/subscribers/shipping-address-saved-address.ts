/**
 * A patient's shipping address was saved (checkout's or verification's
 * `shipping-address-saved`): parcels go to the newest one by savedAt. Idempotent, and an older
 * address arriving late never replaces a newer one.
 */
import { lt } from 'drizzle-orm';
import { shippingAddressSaved } from '@clinic/contracts';
import { defineSubscriber } from '@clinic/kit';
import { addresses } from '../db/schema';

export const shippingAddressSavedAddressSubscriber = defineSubscriber({
  name: 'keep-shipping-addresses',
  event: shippingAddressSaved,
  async handle(data, { tx }) {
    const savedAt = new Date(data.savedAt);
    await tx
      .insert(addresses)
      .values({ userId: data.userId, address: data.address, savedAt })
      .onConflictDoUpdate({
        target: addresses.userId,
        set: { address: data.address, savedAt },
        setWhere: lt(addresses.savedAt, savedAt),
      });
  },
});
