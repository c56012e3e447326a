import { useId, useRef, useState, type FormEvent } from 'react';
import {
  identityMessages,
  privacyRequestSchema,
  type PrivacyRequestResponse,
} from '@clinic/contracts';
import { genericErrorText, networkErrorText, toApiError, type ApiError } from '../api/client';
import { accountUserOf, useSession } from '../session/session';
import { Button, FormMessage } from '../ui';
import {
  PrivacyRequestDone,
  ContactFields,
  RequestFields,
  type Draft,
  type FieldErrors,
  type FieldName,
  type FieldsProps,
} from './PrivacyRequestFields';
import { fieldErrorsOf, sendPrivacyRequest } from './privacyRequestApi';
import { globalPrivacyControl, optOutOfSharingHere } from '../tracking/sharingOptOut';

const fieldOrder: readonly FieldName[] = [
  'name',
  'email',
  'state',
  'request_type',
  'details',
  'confirmed',
];

const fieldLabels: Record<FieldName, string> = {
  name: 'Full name',
  email: 'Email',
  state: 'State of residence',
  request_type: 'Request',
  details: 'Details',
  confirmed: 'Confirmation',
};

/** The contract's messages, with the generic ones (length, characters) said in words. */
function readable(field: FieldName, message: string): string {
  const label = fieldLabels[field];
  const max = /<=\s*(\d+)/.exec(message)?.[1];
  if (message.startsWith('Too big') && max) return `${label} can be at most ${max} characters.`;
  if (message.includes('control characters'))
    return `${label} contains characters we cannot accept. Please retype it.`;
  return message;
}

/** The fields a refused request (400) names, in words; empty for any other failure. */
function serverFieldErrors(failure: ApiError): FieldErrors {
  const found: FieldErrors = {};
  if (failure.status === 400)
    for (const [field, message] of Object.entries(fieldErrorsOf(failure)))
      if (field in fieldLabels) found[field as FieldName] = readable(field as FieldName, message);
  return found;
}

/** A failed request that names no field, in words. */
function failureText(failure: ApiError): string {
  if (failure.isNetwork) return networkErrorText;
  if (failure.status === 429) return failure.serverMessage ?? identityMessages.tooManyAttempts;
  return failure.serverMessage ?? genericErrorText;
}

function useInitialDraft(): Draft {
  const sessionUser = useSession()?.user;
  const user = accountUserOf(sessionUser);
  const name = [sessionUser?.first_name, user?.last_name].filter(Boolean).join(' ');
  return {
    name,
    email: user?.email ?? '',
    state: user?.state ?? '',
    request_type: '',
    details: '',
    confirmed: false,
  };
}

/**
 * The CCPA Opt-Out page's request form: checked with the contract's schema before it is sent,
 * then POST /api/privacy-request; the server's confirmation and reference replace the form. A
 * "do not sell or share" request also opts this browser out at once.
 */
export function PrivacyRequestForm() {
  const initial = useInitialDraft();
  const [draft, setDraft] = useState<Draft>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<{
    answer: PrivacyRequestResponse;
    email: string;
    optedOutHere: boolean;
  } | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const confirmationRef = useRef<HTMLDivElement>(null);
  const sending = useRef(false);
  const id = useId();
  const fieldId = (field: FieldName) => `${id}-${field}`;
  const gpc = globalPrivacyControl();

  function set<K extends keyof Draft>(field: K, value: Draft[K]) {
    setDraft((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  }

  function showErrors(found: FieldErrors) {
    setErrors(found);
    const first = fieldOrder.find((field) => found[field]);
    if (!first) return;
    const target =
      first === 'request_type'
        ? formRef.current?.querySelector<HTMLElement>('input[name="request_type"]')
        : document.getElementById(fieldId(first));
    target?.focus();
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending.current) return;
    setFailure(null);
    const parsed = privacyRequestSchema.safeParse(draft);
    if (!parsed.success) {
      const found: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as FieldName;
        found[field] ??= readable(field, issue.message);
      }
      return showErrors(found);
    }
    sending.current = true;
    setBusy(true);
    try {
      const answer = await sendPrivacyRequest(parsed.data);
      const optedOutHere = parsed.data.request_type === 'do_not_sell_or_share';
      if (optedOutHere) optOutOfSharingHere();
      setDone({ answer, email: parsed.data.email, optedOutHere });
      setErrors({});
      // The confirmation takes the form's place: move focus there so it is read out.
      requestAnimationFrame(() => confirmationRef.current?.focus());
    } catch (error) {
      const failure = toApiError(error);
      const found = serverFieldErrors(failure);
      if (Object.keys(found).length > 0) {
        showErrors(found);
        setFailure('Please check the fields marked above.');
      } else setFailure(failureText(failure));
    } finally {
      sending.current = false;
      setBusy(false);
    }
  }

  function startOver() {
    setDone(null);
    setDraft({ ...initial, request_type: '' });
  }

  if (done) {
    return (
      <PrivacyRequestDone
        ref={confirmationRef}
        message={done.answer.message}
        reference={done.answer.reference}
        email={done.email}
        optedOutHere={done.optedOutHere}
        onStartOver={startOver}
      />
    );
  }

  const fields: FieldsProps = { draft, errors, fieldId, set };

  return (
    <form
      ref={formRef}
      className="privacy-form"
      aria-label="Privacy request"
      noValidate
      onSubmit={(event) => void submit(event)}
    >
      {gpc && (
        <FormMessage kind="info" live={false}>
          Your browser is sending a Global Privacy Control signal. We already treat this browser as
          opted out of the sale and sharing of your information; use this form to apply it to your
          account everywhere or to make another request.
        </FormMessage>
      )}

      <ContactFields fields={fields} />

      <RequestFields fields={fields} />

      <FormMessage kind="error">{failure}</FormMessage>

      <Button type="submit" className="privacy-form__submit" busy={busy} busyLabel="Sending...">
        Send request
      </Button>
    </form>
  );
}
