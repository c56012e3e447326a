/** The /verify address form's shapes: the fields as typed, their ids and their errors. */
import type { ShippingAddressOut } from '@clinic/contracts';

export type FieldName = keyof ShippingAddressOut;
/** The form as typed: every field a string, the apartment line empty when there is none. */
export type AddressDraft = Record<FieldName, string>;

export interface Note {
  kind: 'error' | 'success' | 'info';
  text: string;
}

export type FieldErrors = Partial<Record<FieldName, string>>;

export const blank: AddressDraft = {
  address_line_1: '',
  address_line_2: '',
  city: '',
  state: '',
  zip: '',
};

export const fieldIds: Record<FieldName, string> = {
  address_line_1: 'verify-address-line1',
  address_line_2: 'verify-address-line2',
  city: 'verify-city',
  state: 'verify-state',
  zip: 'verify-zip',
};
export const fieldOrder: readonly FieldName[] = [
  'address_line_1',
  'address_line_2',
  'city',
  'state',
  'zip',
];

export function draftOf(address: ShippingAddressOut): AddressDraft {
  return { ...address, address_line_2: address.address_line_2 ?? '' };
}

/** The validator's problems, each beside its field (the first one per field). */
export function errorsOf(problems: readonly { field: FieldName; message: string }[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const problem of problems) errors[problem.field] ??= problem.message;
  return errors;
}
