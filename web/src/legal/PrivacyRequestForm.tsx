import { useId, useRef, useState, type FormEvent } from 'react';
import {
  identityMessages,
  privacyRequestLimits,
  privacyRequestSchema,
  privacyRequestTypeLabels,
  privacyRequestTypes,
  type PrivacyRequestResponse,
  type PrivacyRequestType,
} from '@clinic/contracts';
import { genericErrorText, networkErrorText, toApiError } from '../api/client';
import { StateOptions } from '../components/StateOptions';
import { accountUserOf, useSession } from '../session/session';
import { Button, FormMessage } from '../ui';
import { fieldErrorsOf, sendPrivacyRequest } from './privacyRequestApi';
import { globalPrivacyControl, optOutOfSharingHere } from './sharingOptOut';

type FieldName = 'name' | 'email' | 'state' | 'request_type' | 'details' | 'confirmed';
type FieldErrors = Partial<Record<FieldName, string>>;

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

/** What each request does, in a line under its choice. */
const typeHints: Record<PrivacyRequestType, string> = {
  do_not_sell_or_share:
    'Stops any sale or sharing of your information, including referral reports to partners.',
  limit_sensitive:
    'Limits our use of sensitive information (such as health details) to providing your care.',
  access: 'A copy of the personal information we hold about you and how we use it.',
  delete: 'We delete what the law lets us delete; medical records must be kept for years.',
  correct: 'Tell us below what is wrong and what it should say.',
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

interface Draft {
  name: string;
  email: string;
  state: string;
  request_type: PrivacyRequestType | '';
  details: string;
  confirmed: boolean;
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
      const found: FieldErrors = {};
      if (failure.status === 400)
        for (const [field, message] of Object.entries(fieldErrorsOf(failure)))
          if (field in fieldLabels)
            found[field as FieldName] = readable(field as FieldName, message);
      if (Object.keys(found).length > 0) {
        showErrors(found);
        setFailure('Please check the fields marked above.');
      } else
        setFailure(
          failure.isNetwork
            ? networkErrorText
            : failure.status === 429
              ? (failure.serverMessage ?? identityMessages.tooManyAttempts)
              : (failure.serverMessage ?? genericErrorText),
        );
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
      <div
        ref={confirmationRef}
        className="privacy-form privacy-form__done"
        role="status"
        tabIndex={-1}
        data-testid="privacy-request-confirmation"
      >
        <p className="privacy-form__done-title">Request received</p>
        <p>{done.answer.message}</p>
        <p className="privacy-form__reference">
          Your reference: <strong data-testid="privacy-reference">{done.answer.reference}</strong>
        </p>
        <p>
          We sent a confirmation to <strong>{done.email}</strong>. Please quote your reference if
          you write to us about this request.
        </p>
        {done.optedOutHere && <p>This browser has stopped sharing already.</p>}
        <button type="button" className="button button--secondary" onClick={startOver}>
          Make another request
        </button>
      </div>
    );
  }

  const describedBy = (field: FieldName, hint?: boolean) =>
    [hint ? `${fieldId(field)}-hint` : '', errors[field] ? `${fieldId(field)}-error` : '']
      .filter(Boolean)
      .join(' ') || undefined;

  const errorLine = (field: FieldName) =>
    errors[field] ? (
      <p className="privacy-form__error" id={`${fieldId(field)}-error`}>
        {errors[field]}
      </p>
    ) : null;

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

      <div className="privacy-form__row">
        <div className="field">
          <label className="field__label" htmlFor={fieldId('name')}>
            Full name
          </label>
          <input
            id={fieldId('name')}
            name="name"
            className="field__input"
            autoComplete="name"
            maxLength={privacyRequestLimits.nameMax}
            aria-invalid={errors.name ? true : undefined}
            aria-describedby={describedBy('name')}
            value={draft.name}
            onChange={(event) => set('name', event.target.value)}
          />
          {errorLine('name')}
        </div>
        <div className="field">
          <label className="field__label" htmlFor={fieldId('email')}>
            Email
          </label>
          <input
            id={fieldId('email')}
            name="email"
            type="email"
            inputMode="email"
            className="field__input"
            autoComplete="email"
            maxLength={privacyRequestLimits.emailMax}
            aria-invalid={errors.email ? true : undefined}
            aria-describedby={describedBy('email', true)}
            value={draft.email}
            onChange={(event) => set('email', event.target.value)}
          />
          <p className="field__hint" id={`${fieldId('email')}-hint`}>
            Use the email you gave us, so we can find your records.
          </p>
          {errorLine('email')}
        </div>
      </div>

      <div className="field privacy-form__state">
        <label className="field__label" htmlFor={fieldId('state')}>
          State of residence
        </label>
        <select
          id={fieldId('state')}
          name="state"
          className="field__input"
          autoComplete="address-level1"
          aria-invalid={errors.state ? true : undefined}
          aria-describedby={describedBy('state')}
          value={draft.state}
          onChange={(event) => set('state', event.target.value)}
        >
          <StateOptions placeholder="Select your state" />
        </select>
        {errorLine('state')}
      </div>

      <fieldset
        className="privacy-form__types"
        aria-describedby={errors.request_type ? `${fieldId('request_type')}-error` : undefined}
      >
        <legend className="field__label">What would you like us to do?</legend>
        {privacyRequestTypes.map((type) => (
          <label key={type} className="privacy-form__choice">
            <input
              type="radio"
              name="request_type"
              value={type}
              checked={draft.request_type === type}
              aria-invalid={errors.request_type ? true : undefined}
              onChange={() => set('request_type', type)}
            />
            <span>
              <span className="privacy-form__choice-label">{privacyRequestTypeLabels[type]}</span>
              <span className="privacy-form__choice-hint">{typeHints[type]}</span>
            </span>
          </label>
        ))}
        {errorLine('request_type')}
      </fieldset>

      <div className="field">
        <label className="field__label" htmlFor={fieldId('details')}>
          Details <span className="privacy-form__optional">(optional)</span>
        </label>
        <textarea
          id={fieldId('details')}
          name="details"
          className="field__input privacy-form__details"
          rows={4}
          maxLength={privacyRequestLimits.detailsMax}
          aria-invalid={errors.details ? true : undefined}
          aria-describedby={describedBy('details', true)}
          value={draft.details}
          onChange={(event) => set('details', event.target.value)}
        />
        <p className="field__hint" id={`${fieldId('details')}-hint`}>
          Anything that helps us find your records or act on the request. If you are an authorized
          agent, say whom you act for. Please do not include medical details.
        </p>
        {errorLine('details')}
      </div>

      <div className="privacy-form__confirm">
        <label className="privacy-form__choice">
          <input
            id={fieldId('confirmed')}
            type="checkbox"
            name="confirmed"
            checked={draft.confirmed}
            aria-invalid={errors.confirmed ? true : undefined}
            aria-describedby={describedBy('confirmed')}
            onChange={(event) => set('confirmed', event.target.checked)}
          />
          <span>
            I am the consumer named above, or an authorized agent acting for them, and the
            information in this request is true.
          </span>
        </label>
        {errorLine('confirmed')}
      </div>

      <FormMessage kind="error">{failure}</FormMessage>

      <Button type="submit" className="privacy-form__submit" busy={busy} busyLabel="Sending...">
        Send request
      </Button>
    </form>
  );
}
