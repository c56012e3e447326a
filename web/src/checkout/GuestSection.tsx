import { useId } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { guestBuyerSchema, type GuestBuyer } from '@clinic/contracts';
import { Field } from '../ui';
import { CheckoutSection } from './CheckoutSection';

/** The buyer's details as the form holds them. */
export type GuestFields = Record<keyof GuestBuyer, string>;

export const emptyGuest: GuestFields = { first_name: '', last_name: '', email: '', phone: '' };

/**
 * The details as checkout-new takes them, or the first thing wrong with them (the quiz's words
 * for a name, an email or a phone), checked with the contracts' own schema.
 */
export function guestBuyerOf(
  fields: GuestFields,
): { buyer: GuestBuyer; problem: null } | { buyer: null; problem: string } {
  const parsed = guestBuyerSchema.safeParse(fields);
  if (parsed.success) return { buyer: parsed.data, problem: null };
  return { buyer: null, problem: parsed.error.issues[0]?.message ?? 'Please check your details.' };
}

interface Props {
  value: GuestFields;
  onChange(next: GuestFields): void;
  disabled: boolean;
}

/**
 * "Your details", for a buyer who is not logged in (spec 001: guests may check out): the order
 * belongs to an account made from them, and the set-password email goes to this address.
 */
export function GuestSection({ value, onChange, disabled }: Props) {
  const id = useId();
  const location = useLocation();
  const field = (
    name: keyof GuestFields,
    label: string,
    input: { type: string; autoComplete: string; inputMode?: 'email' | 'tel'; full?: boolean },
  ) => (
    <Field
      look="compact"
      className={input.full ? 'co-field--full' : undefined}
      id={`${id}-${name}`}
      label={label}
      name={`guest-${name}`}
      type={input.type}
      autoComplete={input.autoComplete}
      inputMode={input.inputMode}
      maxLength={name === 'phone' ? 20 : name === 'email' ? 256 : 50}
      required
      disabled={disabled}
      value={value[name]}
      onValueChange={(next) => onChange({ ...value, [name]: next })}
    />
  );
  return (
    <CheckoutSection>
      <fieldset className="co-address" data-section="guest">
        <legend className="co-section__title">Your details</legend>
        <p className="co-section__note">
          We create your account with these details and email you a link to set your password.
          Already have an account?{' '}
          <Link to={loginPathBack(`${location.pathname}${location.search}`)}>Log in</Link>
        </p>
        <div className="co-address__grid">
          {field('first_name', 'First name', { type: 'text', autoComplete: 'given-name' })}
          {field('last_name', 'Last name', { type: 'text', autoComplete: 'family-name' })}
          {field('email', 'Email', {
            type: 'email',
            autoComplete: 'email',
            inputMode: 'email',
            full: true,
          })}
          {field('phone', 'Mobile phone', {
            type: 'tel',
            autoComplete: 'tel-national',
            inputMode: 'tel',
            full: true,
          })}
        </div>
      </fieldset>
    </CheckoutSection>
  );
}

/** /login, coming back to `here` (this checkout) once logged in. */
export function loginPathBack(here: string): string {
  return `/login?page_ref=${encodeURIComponent(here)}`;
}
