import { identityMessages, passwordReset, passwordRules } from '@clinic/contracts';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { callApi, networkErrorText, toApiError } from '../api/client';
import { usePageTitle } from '../components/usePageTitle';
import { clearSession } from '../session/session';
import { Button, Field, FormError, PageShell } from '../ui';
import './account.css';

/** How long the success text stays before the page moves on to /login. */
export const RESET_REDIRECT_MS = 2000;

/**
 * /password-reset/:token (spec 000 sections 2, 4, 5 and 8). The same link is the "set your
 * password" email new patients get, hence the neutral title.
 */
export function PasswordResetPage() {
  usePageTitle('Set a New Password');
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [done, setDone] = useState(false);

  // The mismatch text shows once the confirmation has been typed; submit stays off until they match.
  const mismatch = confirm !== '' && confirm !== password;

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => {
      navigate('/login', { replace: true });
    }, RESET_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending || password !== confirm) return;
    const request = passwordReset.body!.safeParse({ password, token });
    if (!request.success) {
      setError(request.error.issues[0]?.message ?? identityMessages.resetExpired);
      return;
    }
    setSending(true);
    setError(null);
    try {
      await callApi(passwordReset, { body: request.data });
      // The server ends every session of the account: a stored one would only bounce the
      // patient from /login to a page that refuses it.
      clearSession();
      setDone(true);
    } catch (caught) {
      // A used or expired token is a 404 whose message is "Link expired!", a refused password a
      // 400 saying why, a 2xx that is not a success its own text; any other HTTP failure gets
      // the spec's text too.
      const failure = toApiError(caught);
      const saysWhy =
        failure.kind === 'malformed' || failure.status === 400 || failure.status === 404;
      setError(
        failure.isNetwork
          ? networkErrorText
          : failure.status === 429
            ? (failure.serverMessage ?? identityMessages.tooManyAttempts)
            : ((saysWhy ? failure.serverMessage : null) ?? identityMessages.resetExpired),
      );
    }
    setSending(false);
  }

  return (
    <PageShell narrow className="account">
      <section className="card account__card" aria-labelledby="reset-title">
        <h1 id="reset-title">Set a new password</h1>
        {done ? (
          <p role="status" className="form-message form-message--success">
            {identityMessages.resetSuccess} Taking you to the login page...
          </p>
        ) : (
          <form className="account__form" onSubmit={(event) => void onSubmit(event)}>
            <Field
              label="New password"
              type="password"
              name="new-password"
              autoComplete="new-password"
              required
              minLength={passwordRules.min}
              maxLength={passwordRules.max}
              hint={`Use at least ${passwordRules.min} characters.`}
              value={password}
              onValueChange={setPassword}
            />
            <Field
              label="Confirm new password"
              type="password"
              name="confirm-password"
              autoComplete="new-password"
              required
              maxLength={passwordRules.max}
              value={confirm}
              onValueChange={setConfirm}
              aria-invalid={mismatch || undefined}
            />
            <FormError>{mismatch ? identityMessages.passwordsDoNotMatch : error}</FormError>
            <Button
              type="submit"
              className="account__submit"
              disabled={password !== confirm}
              busy={sending}
              busyLabel="Saving..."
            >
              Save Password
            </Button>
          </form>
        )}
        <div className="account__links">
          <Link to="/login">{done ? 'Go to login now' : 'Back to login'}</Link>
        </div>
      </section>
    </PageShell>
  );
}
