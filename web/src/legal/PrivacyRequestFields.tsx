/**
 * The privacy request form's parts (PrivacyRequestForm holds the draft and sends it): who asks
 * (name, email, state), what they ask for (the request, details, the confirmation), and the
 * confirmation that replaces the form once the request is in.
 */
import type { Ref } from 'react';
import {
  privacyRequestLimits,
  privacyRequestTypeLabels,
  privacyRequestTypes,
  type PrivacyRequestType,
} from '@clinic/contracts';
import { StateOptions } from '../components/StateOptions';

export type FieldName = 'name' | 'email' | 'state' | 'request_type' | 'details' | 'confirmed';
export type FieldErrors = Partial<Record<FieldName, string>>;

export interface Draft {
  name: string;
  email: string;
  state: string;
  request_type: PrivacyRequestType | '';
  details: string;
  confirmed: boolean;
}

export interface FieldsProps {
  draft: Draft;
  errors: FieldErrors;
  fieldId(field: FieldName): string;
  set<K extends keyof Draft>(field: K, value: Draft[K]): void;
}

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

/** The ids a field is described by: its hint and its error, when it has them. */
function describer({ errors, fieldId }: FieldsProps) {
  return (field: FieldName, hint?: boolean) =>
    [hint ? `${fieldId(field)}-hint` : '', errors[field] ? `${fieldId(field)}-error` : '']
      .filter(Boolean)
      .join(' ') || undefined;
}

function ErrorLine({ fields, field }: { fields: FieldsProps; field: FieldName }) {
  const error = fields.errors[field];
  return error ? (
    <p className="privacy-form__error" id={`${fields.fieldId(field)}-error`}>
      {error}
    </p>
  ) : null;
}

/** Who asks: full name, email and state of residence. */
export function ContactFields({ fields }: { fields: FieldsProps }) {
  const { draft, errors, fieldId, set } = fields;
  const describedBy = describer(fields);
  const errorLine = (field: FieldName) => <ErrorLine fields={fields} field={field} />;
  return (
    <>
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
    </>
  );
}

/** What they ask for: the request, the details and the confirmation. */
export function RequestFields({ fields }: { fields: FieldsProps }) {
  const { draft, errors, fieldId, set } = fields;
  const describedBy = describer(fields);
  const errorLine = (field: FieldName) => <ErrorLine fields={fields} field={field} />;
  return (
    <>
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
    </>
  );
}

/** The request is in: the server's message, its reference, and Make another request. */
export function PrivacyRequestDone({
  ref,
  message,
  reference,
  email,
  optedOutHere,
  onStartOver,
}: {
  ref: Ref<HTMLDivElement>;
  message: string;
  reference: string;
  email: string;
  optedOutHere: boolean;
  onStartOver(): void;
}) {
  return (
    <div
      ref={ref}
      className="privacy-form privacy-form__done"
      role="status"
      tabIndex={-1}
      data-testid="privacy-request-confirmation"
    >
      <p className="privacy-form__done-title">Request received</p>
      <p>{message}</p>
      <p className="privacy-form__reference">
        Your reference: <strong data-testid="privacy-reference">{reference}</strong>
      </p>
      <p>
        We sent a confirmation to <strong>{email}</strong>. Please quote your reference if you write
        to us about this request.
      </p>
      {optedOutHere && <p>This browser has stopped sharing already.</p>}
      <button type="button" className="button button--secondary" onClick={onStartOver}>
        Make another request
      </button>
    </div>
  );
}
