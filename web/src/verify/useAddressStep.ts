/**
 * Step 0 of /verify's work (spec 000 section 4), for AddressStep: the stored address checked on
 * arrival (a good one passes straight on), the validator's suggestion, the typed address checked
 * again before it is saved, one request at a time, and the confirmation before the phone step.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  shippingAddressSchema,
  verificationLimits,
  verificationMessages,
  type ShippingAddressOut,
} from '@clinic/contracts';
import {
  blank,
  draftOf,
  errorsOf,
  fieldIds,
  fieldOrder,
  type AddressDraft,
  type FieldErrors,
  type FieldName,
  type Note,
} from './addressDraft';
import {
  checkAddress,
  checkStoredAddress,
  failureText,
  saveAddress,
  type AddressRequest,
} from './verifyApi';

export function useAddressStep(userId: string | number, onDone: () => void) {
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
          setFieldErrors(errorsOf(result.problems));
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
      setFieldErrors(errorsOf(result.problems));
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
  return {
    ...{ view, suggestion, form, fieldErrors, note, intro, locked, formRef },
    ...{
      save: (address: AddressRequest) => once(() => save(address)),
      submit,
      enterDifferent,
      set,
    },
  };
}
