/**
 * An address form's fields as the API takes them (spec 001 section 3), for the checkout page and
 * the portal's card dialogs alike. Complete means what the server accepts: line 1, city, a US
 * state and a ZIP code, checked with the contracts' own schema.
 */
import { checkoutAddressSchema, type CheckoutAddress } from '@clinic/contracts';
import type { AddressFields } from './addressFallback';

/** The address a form holds, trimmed, as checkout-new, update-card and Pay Now send it. */
export function toCheckoutAddress(address: AddressFields): Omit<CheckoutAddress, 'id'> {
  return {
    addressLine1: address.addressLine1.trim(),
    addressLine2: address.addressLine2.trim() || null,
    city: address.city.trim(),
    state: address.state,
    zip: address.zip.trim(),
  };
}

/** Spec 001 section 5: line 1, city, state and zip are required. */
export function isCompleteAddress(address: AddressFields): boolean {
  return checkoutAddressSchema.safeParse(toCheckoutAddress(address)).success;
}
