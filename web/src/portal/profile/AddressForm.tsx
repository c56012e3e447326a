/**
 * The shipping address of the Profile tab (spec 002): line 1 and 2, city, state and zip (at most
 * 10 characters), read with GET /api/ship-address and saved with POST /api/ship-address, which
 * standardises it (the form then shows the address as saved).
 *
 * Hooks for tests: form#address-form, #address-save.
 */
import { useState, type FormEvent } from 'react';
import { profileLimits, profileMessages, type ShippingAddressOut } from '@clinic/contracts';
import { StateOptions } from '../../components/StateOptions';
import { Button, Field, FormMessage, Select } from '../../ui';
import { failureText, sendAddress, type AddressUpdate } from './profileApi';
import { useTimedMessage } from './useTimedMessage';

interface AddressValues {
  address_line_1: string;
  address_line_2: string;
  city: string;
  state: string;
  zip: string;
}

function valuesOf(address: ShippingAddressOut | null): AddressValues {
  return {
    address_line_1: address?.address_line_1 ?? '',
    address_line_2: address?.address_line_2 ?? '',
    city: address?.city ?? '',
    state: address?.state ?? '',
    zip: address?.zip ?? '',
  };
}

export function AddressForm({ address }: { address: ShippingAddressOut | null }) {
  const [values, setValues] = useState<AddressValues>(() => valuesOf(address));
  const [busy, setBusy] = useState(false);
  const { message, show, clear } = useTimedMessage();
  const set = (key: keyof AddressValues, value: string) =>
    setValues((current) => ({ ...current, [key]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    clear();
    setBusy(true);
    try {
      const body: AddressUpdate = { ...values, address_line_2: values.address_line_2 || null };
      setValues(valuesOf(await sendAddress(body)));
      show('success', profileMessages.addressUpdated);
    } catch (error) {
      show('error', failureText(error, profileMessages.addressFailed));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      id="address-form"
      className="card profile-section"
      aria-labelledby="profile-address-title"
      noValidate
      onSubmit={(event) => void submit(event)}
    >
      <h3 id="profile-address-title" className="profile-section__title">
        Shipping address
      </h3>
      <Field
        id="address-line-1"
        label="Address line 1"
        autoComplete="address-line1"
        maxLength={256}
        value={values.address_line_1}
        onValueChange={(v) => set('address_line_1', v)}
      />
      <Field
        id="address-line-2"
        label="Address line 2 (optional)"
        autoComplete="address-line2"
        maxLength={256}
        value={values.address_line_2}
        onValueChange={(v) => set('address_line_2', v)}
      />
      <div className="profile-grid profile-grid--address">
        <Field
          id="address-city"
          label="City"
          autoComplete="address-level2"
          maxLength={256}
          value={values.city}
          onValueChange={(v) => set('city', v)}
        />
        <Select
          id="address-state"
          label="State"
          autoComplete="address-level1"
          value={values.state}
          onValueChange={(v) => set('state', v)}
        >
          <StateOptions />
        </Select>
        <Field
          id="address-zip"
          label="Zip"
          autoComplete="postal-code"
          inputMode="numeric"
          maxLength={profileLimits.zipMax}
          value={values.zip}
          onValueChange={(v) => set('zip', v.slice(0, profileLimits.zipMax))}
        />
      </div>
      <div className="profile-actions">
        <Button id="address-save" type="submit" busy={busy} busyLabel="Saving...">
          Update Address
        </Button>
        <FormMessage kind={message?.kind ?? 'info'} className="profile-message">
          {message?.text}
        </FormMessage>
      </div>
    </form>
  );
}
