import { Checkbox } from '../ui';
import type { AddressFields } from './addressFallback';
import { AddressForm } from './AddressForm';
import { CheckoutSection } from './CheckoutSection';

interface Props {
  shipping: AddressFields;
  onShippingChange(next: AddressFields): void;
  differentBilling: boolean;
  onDifferentBillingChange(on: boolean): void;
  billing: AddressFields;
  onBillingChange(next: AddressFields): void;
  disabled: boolean;
}

/** The shipping address, and a billing address when the visitor asks for a different one. */
export function AddressSection({
  shipping,
  onShippingChange,
  differentBilling,
  onDifferentBillingChange,
  billing,
  onBillingChange,
  disabled,
}: Props) {
  return (
    <CheckoutSection>
      <AddressForm
        legend="Shipping address"
        section="shipping"
        value={shipping}
        onChange={onShippingChange}
        disabled={disabled}
      />
      <Checkbox
        labelClassName="co-check"
        label="Use a different billing address"
        checked={differentBilling}
        disabled={disabled}
        onCheckedChange={onDifferentBillingChange}
      />
      {differentBilling && (
        <AddressForm
          legend="Billing address"
          section="billing"
          value={billing}
          onChange={onBillingChange}
          disabled={disabled}
        />
      )}
    </CheckoutSection>
  );
}
