import { useId } from 'react';
import { checkoutMessages, checkoutTextMax, isPoBox } from '@clinic/contracts';
import type { AddressFields } from './addressFallback';
import { AddressAutocomplete, type AddressSuggestionProvider } from './AddressAutocomplete';
import { StateOptions } from '../components/StateOptions';
import { Field, Select } from '../ui';

interface Props {
  legend: string;
  /** The autocomplete type of this address ("shipping" or "billing"). */
  section: 'shipping' | 'billing';
  value: AddressFields;
  onChange(next: AddressFields): void;
  disabled?: boolean;
  provider?: AddressSuggestionProvider;
}

/** Shipping or billing address: the autocomplete, then the manual fields (256 characters each). */
export function AddressForm({ legend, section, value, onChange, disabled, provider }: Props) {
  const id = useId();
  const set = (field: keyof AddressFields) => (next: string) =>
    onChange({ ...value, [field]: next });
  // Medication never ships to a P.O. box: the street line says why as soon as it reads as one.
  // A bill may go to a box, so the billing address is not checked.
  const poBoxError = (field: keyof AddressFields) =>
    section === 'shipping' &&
    (field === 'addressLine1' || field === 'addressLine2') &&
    isPoBox(value[field])
      ? checkoutMessages.poBox
      : undefined;
  const text = (
    field: 'addressLine1' | 'addressLine2' | 'city' | 'zip',
    label: string,
    autoComplete: string,
    extra: { className?: string; inputMode?: 'numeric'; required?: boolean } = {},
  ) => (
    <Field
      error={poBoxError(field)}
      look="compact"
      className={extra.className}
      id={`${id}-${field}`}
      label={label}
      type="text"
      name={`${section}-${field}`}
      autoComplete={`${section} ${autoComplete}`}
      inputMode={extra.inputMode}
      maxLength={checkoutTextMax}
      required={extra.required}
      disabled={disabled}
      value={value[field]}
      onValueChange={set(field)}
    />
  );

  return (
    <fieldset className="co-address" data-address={section}>
      <legend className="co-section__title">{legend}</legend>
      <AddressAutocomplete
        label="Find your address"
        onFill={onChange}
        disabled={disabled}
        provider={provider}
      />
      <div className="co-address__grid">
        {text('addressLine1', 'Address line 1', 'address-line1', {
          className: 'co-field--full',
          required: true,
        })}
        {text('addressLine2', 'Address line 2 (optional)', 'address-line2', {
          className: 'co-field--full',
        })}
        {text('city', 'City', 'address-level2', { className: 'co-field--full', required: true })}
        <Select
          look="compact"
          id={`${id}-state`}
          label="State"
          selectClassName="co-select"
          name={`${section}-state`}
          autoComplete={`${section} address-level1`}
          required
          disabled={disabled}
          value={value.state}
          onValueChange={set('state')}
        >
          <StateOptions />
        </Select>
        {text('zip', 'ZIP code', 'postal-code', { inputMode: 'numeric', required: true })}
      </div>
    </fieldset>
  );
}
