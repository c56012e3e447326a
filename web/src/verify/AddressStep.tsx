import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  shippingAddressSchema,
  addressLineMax,
  verificationLimits,
  verificationMessages,
  type ShippingAddressOut,
} from '@clinic/contracts';
import { Message } from './Message';
import {
  checkAddress,
  checkStoredAddress,
  failureText,
  saveAddress,
  type AddressRequest,
} from './verifyApi';
import { StateOptions } from '../components/StateOptions';

type FieldName = keyof ShippingAddressOut;
/** The form as typed: every field a string, the apartment line empty when there is none. */
type AddressDraft = Record<FieldName, string>;

const blank: AddressDraft = {
  address_line_1: '',
  address_line_2: '',
  city: '',
  state: '',
  zip: '',
};

const fieldIds: Record<FieldName, string> = {
  address_line_1: 'verify-address-line1',
  address_line_2: 'verify-address-line2',
  city: 'verify-city',
  state: 'verify-state',
  zip: 'verify-zip',
};
const fieldOrder: readonly FieldName[] = [
  'address_line_1',
  'address_line_2',
  'city',
  'state',
  'zip',
];

function draftOf(address: ShippingAddressOut): AddressDraft {
  return { ...address, address_line_2: address.address_line_2 ?? '' };
}

interface Note {
  kind: 'error' | 'success' | 'info';
  text: string;
}

type FieldErrors = Partial<Record<FieldName, string>>;

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

interface Props {
  userId: string | number;
  /** The address is good (as stored, or saved here): on to the phone. */
  onDone(): void;
}

/**
 * Step 0 of /verify (spec 000 section 4): the stored address is checked on arrival; a good one
 * passes straight on, otherwise the patient takes the validator's suggestion or types the
 * address, which is checked again before it is saved.
 */
export function AddressStep({ userId, onDone }: Props) {
  const [view, setView] = useState<'checking' | 'form' | 'suggestion'>('checking');
  const [suggestion, setSuggestion] = useState<ShippingAddressOut | null>(null);
  const [form, setForm] = useState<AddressDraft>(blank);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [note, setNote] = useState<Note | null>(null);
  /** Why the form is shown, at its top until the patient sends it. */
  const [intro, setIntro] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  // StrictMode runs mount effects twice in development; the check needs to run once.
  const checked = useRef(false);
  // State updates land after the render: a double click must not send the address twice.
  const sending = useRef(false);

  useEffect(() => {
    if (checked.current) return;
    checked.current = true;
    checkStoredAddress(userId).then(
      (result) => {
        if (result.valid) return onDone();
        if (result.address) setForm(draftOf(result.address));
        const first = result.suggestions[0];
        if (first) {
          setSuggestion(first);
          setView('suggestion');
          setNote({ kind: 'info', text: verificationMessages.suggestion });
        } else {
          setView('form');
          setIntro(verificationMessages.unableToValidate);
          // Say what was wrong with the stored address, beside its field.
          const errors: FieldErrors = {};
          for (const problem of result.problems) errors[problem.field] ??= problem.message;
          setFieldErrors(errors);
        }
      },
      () => {
        setView('form');
        setIntro(verificationMessages.unableToValidate);
      },
    );
  }, [userId, onDone]);

  // The confirmation stays on screen for a moment before the phone step replaces it.
  useEffect(() => {
    if (!saved) return;
    const timer = setTimeout(onDone, verificationLimits.successDelayMs);
    return () => clearTimeout(timer);
  }, [saved, onDone]);

  async function save(address: AddressRequest) {
    setBusy(true);
    setNote(null);
    try {
      await saveAddress(address);
      setSaved(true);
      setNote({ kind: 'success', text: verificationMessages.addressUpdated });
    } catch (failure) {
      setNote({
        kind: 'error',
        text: failureText(failure, verificationMessages.saveAddressFailed),
      });
      setBusy(false);
    }
  }

  /** Runs one request at a time: a second click while one is out does nothing. */
  async function once(request: () => Promise<void>) {
    if (sending.current || saved) return;
    sending.current = true;
    try {
      await request();
    } finally {
      sending.current = false;
    }
  }

  function focusField(field: FieldName) {
    formRef.current?.querySelector<HTMLElement>(`#${fieldIds[field]}`)?.focus();
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void once(checkAndSave);
  }

  async function checkAndSave() {
    const parsed = shippingAddressSchema.safeParse(form);
    if (!parsed.success) {
      const errors: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as FieldName;
        errors[field] ??= issue.message;
      }
      setFieldErrors(errors);
      const firstBad = fieldOrder.find((field) => errors[field]);
      if (firstBad) focusField(firstBad);
      return;
    }
    setFieldErrors({});
    setIntro(null);
    setBusy(true);
    setNote(null);
    let result;
    try {
      result = await checkAddress(parsed.data);
    } catch (failure) {
      setNote({ kind: 'error', text: failureText(failure, verificationMessages.validateFailed) });
      setBusy(false);
      return;
    }
    if (result.valid) return save(parsed.data);
    const first = result.suggestions[0];
    if (first) {
      setSuggestion(first);
      setView('suggestion');
      setNote({ kind: 'info', text: result.message ?? verificationMessages.suggestion });
    } else {
      const errors: FieldErrors = {};
      for (const problem of result.problems) errors[problem.field] ??= problem.message;
      setFieldErrors(errors);
      setNote({ kind: 'error', text: result.message ?? verificationMessages.checkAddress });
    }
    setBusy(false);
  }

  function enterDifferent() {
    setNote(null);
    setIntro(null);
    setView('form');
  }

  const set = (field: FieldName) => (value: string) => {
    setForm((current) => ({ ...current, [field]: value }));
    if (fieldErrors[field]) setFieldErrors((current) => ({ ...current, [field]: undefined }));
  };

  const locked = busy || saved;

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
  const entered = view === 'suggestion' && form.address_line_1 !== '' ? form : null;

  return (
    <section
      className="card verify__card"
      aria-labelledby="verify-title"
      data-step="address"
      data-screen={view}
    >
      <h1 id="verify-title" className="verify__title">
        Confirm your shipping address
      </h1>

      {view === 'checking' && (
        <p className="verify__lead" role="status">
          Checking your address...
        </p>
      )}

      {view === 'suggestion' && suggestion && (
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
              onClick={() => void once(() => save(suggestion))}
            >
              Use this address
            </button>
            <button
              type="button"
              id="verify-enter-different"
              className="button button--secondary verify-primary"
              disabled={locked}
              onClick={enterDifferent}
            >
              Enter a different address
            </button>
          </div>
        </>
      )}

      {view === 'form' && (
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
            onSubmit={submit}
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
      )}
    </section>
  );
}
