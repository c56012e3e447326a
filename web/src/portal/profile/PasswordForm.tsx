/**
 * The password of the Profile tab (spec 002): a new password and its confirmation, which must
 * match ('Passwords do not match'), sent with POST /api/update-password. A login older than 15
 * minutes must also give the current password (docs/architecture/sessions-and-callers.md): the field is always there,
 * sent when filled, and called for when the server asks for it.
 *
 * Hooks for tests: form#password-form, #password-save.
 */
import { useState, type FormEvent } from 'react';
import { passwordRules, profileMessages } from '@clinic/contracts';
import { ApiError } from '../../api/client';
import { Button, Field, FormMessage } from '../../ui';
import { failureText, sendPassword } from './profileApi';
import { useTimedMessage } from './useTimedMessage';

export function PasswordForm() {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const [needsCurrent, setNeedsCurrent] = useState(false);
  const [busy, setBusy] = useState(false);
  const { message, show, clear } = useTimedMessage();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    clear();
    if (next !== confirm) {
      setMismatch(true);
      show('error', profileMessages.passwordsDoNotMatch);
      return;
    }
    setMismatch(false);
    setBusy(true);
    try {
      await sendPassword({
        newPassword: next,
        confirmPassword: confirm,
        ...(current ? { currentPassword: current } : {}),
      });
      setCurrent('');
      setNext('');
      setConfirm('');
      setNeedsCurrent(false);
      show('success', profileMessages.passwordUpdated);
    } catch (error) {
      if (error instanceof ApiError && error.status === 403) setNeedsCurrent(true);
      show('error', failureText(error, profileMessages.passwordFailed));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      id="password-form"
      className="card profile-section"
      aria-labelledby="profile-password-title"
      noValidate
      onSubmit={(event) => void submit(event)}
    >
      <h3 id="profile-password-title" className="profile-section__title">
        Password
      </h3>
      <Field
        id="password-current"
        label="Current password"
        type="password"
        autoComplete="current-password"
        maxLength={passwordRules.max}
        value={current}
        onValueChange={setCurrent}
        hint="Needed if you logged in more than 15 minutes ago."
        error={needsCurrent && !current ? 'Please enter your current password.' : undefined}
      />
      <Field
        id="password-new"
        label="New password"
        type="password"
        autoComplete="new-password"
        maxLength={passwordRules.max}
        value={next}
        onValueChange={setNext}
        hint={`At least ${passwordRules.min} characters.`}
      />
      <Field
        id="password-confirm"
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        maxLength={passwordRules.max}
        value={confirm}
        onValueChange={setConfirm}
        error={mismatch ? profileMessages.passwordsDoNotMatch : undefined}
      />
      <div className="profile-actions">
        <Button id="password-save" type="submit" busy={busy} busyLabel="Saving...">
          Update Password
        </Button>
        <FormMessage kind={message?.kind ?? 'info'} className="profile-message">
          {message?.text}
        </FormMessage>
      </div>
    </form>
  );
}
