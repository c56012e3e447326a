/**
 * Keeps the address typed at checkout, so /verify can validate it on entry. Idempotent through
 * the inbox; an older save never replaces a newer one (by `savedAt`), and verification's own
 * events are skipped since its row is already written.
 */
import { shippingAddressSaved } from '@clinic/contracts';
import { defineSubscriber } from '@clinic/kit';
import { storeAddress } from '../domain/shipping-addresses';

export const shippingAddressSavedAddressSubscriber = defineSubscriber({
  name: 'keep-checkout-address',
  event: shippingAddressSaved,
  async handle(data, { tx }) {
    if (data.source !== 'checkout') return;
    await storeAddress(tx, data.userId, data.address, 'checkout', new Date(data.savedAt));
  },
});
