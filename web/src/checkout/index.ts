/**
 * What other features use of checkout: the billing address form (the card dialog in Billing
 * asks for the card's address with it).
 */
export { AddressForm } from './AddressForm';
export { emptyAddress, type AddressFields } from './addressFallback';
export { isCompleteAddress, toCheckoutAddress } from './addressFields';
