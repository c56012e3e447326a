import type { StepProps } from './types';

/** Step 6: email address and the consent to email communications. */
export function EmailStep({ draft, update }: StepProps) {
  return (
    <>
      <div className="quiz-field">
        <label className="quiz-field__label" htmlFor="intake-email">
          Email address
        </label>
        <input
          id="intake-email"
          type="email"
          className="quiz-input"
          autoComplete="email"
          inputMode="email"
          spellCheck={false}
          value={draft.email}
          onChange={(event) => update({ email: event.target.value })}
        />
      </div>
      <label className="quiz-check">
        <input
          type="checkbox"
          checked={draft.emailConsent}
          onChange={(event) => update({ emailConsent: event.target.checked })}
        />
        <span>I agree to receive email communications about my care and my orders.</span>
      </label>
    </>
  );
}
