import { useState, type FormEvent } from 'react';
import { isValidVerificationEmail, verificationMessages } from '@clinic/contracts';
import { ChangeActions } from './ChangeActions';
import { changeEmail, failureText } from './verifyApi';

interface Props {
  /** Called once the server has the new address, with its confirmation text. */
  onUpdated(message: string): void;
  onCancel(): void;
}

/** The "change email address" sub-screen (spec 000 section 5): the simple pattern, no spaces. */
export function ChangeEmailForm({ onUpdated, onCancel }: Props) {
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const valid = isValidVerificationEmail(email);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!valid || busy) return;
    setBusy(true);
    setError(null);
    try {
      const answer = await changeEmail(email);
      onUpdated(answer.message);
    } catch (failure) {
      setError(failureText(failure, verificationMessages.updateEmailFailed));
      setBusy(false);
    }
  }

  return (
    <form
      className="verify-change"
      id="verify-change-email"
      noValidate
      onSubmit={(event) => void submit(event)}
    >
      <div className="field">
        <label className="field__label" htmlFor="verify-email-input">
          New email address
        </label>
        <input
          id="verify-email-input"
          className="field__input"
          type="email"
          inputMode="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={256}
          disabled={busy}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
      </div>
      <ChangeActions
        submitId="verify-email-submit"
        label="Update email address"
        canSubmit={valid}
        busy={busy}
        error={error}
        onCancel={onCancel}
      />
    </form>
  );
}
