/** The two screens of /verify's address step: the validator's suggestion and the form. */
import type { FormEvent, RefObject } from 'react';
import { addressLineMax, type ShippingAddressOut } from '@clinic/contracts';
import { StateOptions } from '../components/StateOptions';
import {
  fieldIds,
  type AddressDraft,
  type FieldErrors,
  type FieldName,
  type Note,
} from './addressDraft';
import { Message } from './Message';

function AddressLines({ address }: { address: ShippingAddressOut }) {
  return (
    <address className="verify-address__lines">
      <span>{address.address_line_1}</span>
      {address.address_line_2 && <span>{address.address_line_2}</span>}
      <span>
        {address.city}, {address.state} {address.zip}
      </span>
    </address>
  );
}

/** The suggested address beside the one entered: use it, or enter a different one. */
export function AddressSuggestion({
  suggestion,
  entered,
  note,
  locked,
  onUse,
  onEnterDifferent,
}: {
  suggestion: ShippingAddressOut;
  entered: AddressDraft | null;
  note: Note | null;
  locked: boolean;
  onUse(): void;
  onEnterDifferent(): void;
}) {
  return (
    <>
      <Message kind={note?.kind ?? 'info'}>{note?.text}</Message>
      <div className="verify-suggestion" id="verify-suggestion">
        <div className="verify-suggestion__option verify-suggestion__option--suggested">
          <p className="verify-suggestion__label">Suggested address</p>
          <AddressLines address={suggestion} />
        </div>
        {entered && (
          <div className="verify-suggestion__option">
            <p className="verify-suggestion__label">You entered</p>
            <AddressLines address={entered} />
          </div>
        )}
      </div>
      <div className="verify-actions">
        <button
          type="button"
          id="verify-use-suggestion"
          className="button verify-primary"
          disabled={locked}
          onClick={onUse}
        >
          Use this address
        </button>
        <button
          type="button"
          id="verify-enter-different"
          className="button button--secondary verify-primary"
          disabled={locked}
          onClick={onEnterDifferent}
        >
          Enter a different address
        </button>
      </div>
    </>
  );
}

/** The address typed in, each field with its error, checked again on Save address. */
export function AddressForm({
  form,
  fieldErrors,
  note,
  intro,
  locked,
  formRef,
  onChange,
  onSubmit,
}: {
  form: AddressDraft;
  fieldErrors: FieldErrors;
  note: Note | null;
  intro: string | null;
  locked: boolean;
  formRef: RefObject<HTMLFormElement | null>;
  onChange(field: FieldName): (value: string) => void;
  onSubmit(event: FormEvent<HTMLFormElement>): void;
}) {
  const set = onChange;
  function textField(
    field: Exclude<FieldName, 'state'>,
    label: string,
    autoComplete: string,
    extra: { required?: boolean; inputMode?: 'numeric'; className?: string } = {},
  ) {
    const id = fieldIds[field];
    const error = fieldErrors[field];
    return (
      <div className={`field ${extra.className ?? ''}`}>
        <label className="field__label" htmlFor={id}>
          {label}
        </label>
        <input
          id={id}
          name={field}
          className="field__input"
          type="text"
          autoComplete={`shipping ${autoComplete}`}
          inputMode={extra.inputMode}
          maxLength={field === 'zip' ? 10 : addressLineMax}
          aria-required={extra.required || undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          disabled={locked}
          value={form[field]}
          onChange={(event) => set(field)(event.target.value)}
        />
        {error && (
          <p className="verify-field__error" id={`${id}-error`}>
            {error}
          </p>
        )}
      </div>
    );
  }

  const stateError = fieldErrors.state;
  return (
    <>
      {intro ? (
        <Message kind="error">{intro}</Message>
      ) : (
        <p className="verify__lead">Where should we ship your medication?</p>
      )}
      <form
        ref={formRef}
        className="verify-address"
        id="verify-address-form"
        noValidate
        onSubmit={onSubmit}
      >
        <div className="verify-address__grid">
          {textField('address_line_1', 'Address', 'address-line1', {
            required: true,
            className: 'verify-address__full',
          })}
          {textField('address_line_2', 'Apartment/Suite (optional)', 'address-line2', {
            className: 'verify-address__full',
          })}
          {textField('city', 'City', 'address-level2', {
            required: true,
            className: 'verify-address__city',
          })}
          <div className="field">
            <label className="field__label" htmlFor={fieldIds.state}>
              State
            </label>
            <select
              id={fieldIds.state}
              name="state"
              className="field__input verify-select"
              autoComplete="shipping address-level1"
              aria-required
              aria-invalid={stateError ? true : undefined}
              aria-describedby={stateError ? `${fieldIds.state}-error` : undefined}
              disabled={locked}
              value={form.state}
              onChange={(event) => set('state')(event.target.value)}
            >
              <StateOptions />
            </select>
            {stateError && (
              <p className="verify-field__error" id={`${fieldIds.state}-error`}>
                {stateError}
              </p>
            )}
          </div>
          {textField('zip', 'ZIP', 'postal-code', { required: true, inputMode: 'numeric' })}
        </div>
        <Message kind={note?.kind ?? 'info'}>{note?.text}</Message>
        <button
          type="submit"
          id="verify-address-submit"
          className="button verify-primary"
          disabled={locked}
        >
          Save address
        </button>
      </form>
    </>
  );
}
