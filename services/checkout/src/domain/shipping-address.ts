import { lte } from 'drizzle-orm';
import {
  checkoutMessages,
  isPoBox,
  type CheckoutAddress,
  type ShippingAddressOut,
} from '@clinic/contracts';
import { InvalidRequestError, type Tx } from '@clinic/kit';
import { excluded } from '../db/excluded';
import { shippingAddresses } from '../db/schema';

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
  const t = shippingAddresses;
  await tx
    .insert(t)
    .values({
      userId,
      addressLine1: address.address_line_1,
      addressLine2: address.address_line_2,
      city: address.city,
      state: address.state,
      zip: address.zip,
      updatedAt: savedAt,
    })
    .onConflictDoUpdate({
      target: t.userId,
      set: {
        addressLine1: excluded(t.addressLine1),
        addressLine2: excluded(t.addressLine2),
        city: excluded(t.city),
        state: excluded(t.state),
        zip: excluded(t.zip),
        updatedAt: excluded(t.updatedAt),
      },
      setWhere: lte(t.updatedAt, excluded(t.updatedAt)),
    });
}

/**
 * Medication never ships to a P.O. box (rules/po-box.ts): refused with the popup's text and the
 * `address_error` flag the page opens it by, before anything is charged or stored.
 */
export function refusePoBox(address: Pick<CheckoutAddress, 'addressLine1' | 'addressLine2'>): void {
  if (isPoBox(address.addressLine1) || isPoBox(address.addressLine2))
    throw new InvalidRequestError(checkoutMessages.poBox, { address_error: true });
}
