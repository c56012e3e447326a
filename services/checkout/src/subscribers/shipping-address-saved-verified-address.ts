/**
 * Takes the address the patient confirmed at /verify (USPS standard form) as the shipping
 * address of the next orders. Idempotent through the inbox; an older save never replaces a
 * newer one. Checkout's own events are skipped: its row is already written.
 */
import { shippingAddressSaved } from '@clinic/contracts';
import { defineSubscriber } from '@clinic/kit';
import { storeShippingAddress } from '../domain/shipping-address';

export const shippingAddressSavedVerifiedAddressSubscriber = defineSubscriber({
  name: 'keep-verified-address',
  event: shippingAddressSaved,
  async handle(data, { tx }) {
    if (data.source !== 'verification') return;
    await storeShippingAddress(tx, data.userId, data.address, new Date(data.savedAt));
  },
});
