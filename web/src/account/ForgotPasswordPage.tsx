import { forgotPassword, identityMessages } from '@clinic/contracts';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { callApi, genericErrorText, networkErrorText, toApiError } from '../api/client';
import { usePageTitle } from '../components/usePageTitle';
import { Button, FormError, PageShell } from '../ui';
import { EmailField } from './EmailField';
import './account.css';

/** The web app's source id the server expects with a reset request (spec 000 section 7). */
const APP_SRC = 2;

/**
 * /forgot-password (spec 000 sections 2, 4, 5 and 8). The server answers success for any email
 * (it does not reveal who has an account), so success only says a link was emailed.
 */
export function ForgotPasswordPage() {
  usePageTitle('Forgot Password');
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    // The contract trims and lower-cases the email (spec 000 section 5).
    const request = forgotPassword.body!.safeParse({ email, app_src: APP_SRC });
    if (!request.success) {
      setError(request.error.issues[0]?.message ?? genericErrorText);
      return;
    }
    setSending(true);
    setError(null);
    try {
      await callApi(forgotPassword, { body: request.data });
      setSent(true);
    } catch (caught) {
      // The server's text when it gives one (e.g. "No user found with that email address.").
      const failure = toApiError(caught);
      setError(
        failure.isNetwork
          ? networkErrorText
          : failure.status === 429
            ? (failure.serverMessage ?? identityMessages.tooManyAttempts)
            : (failure.serverMessage ?? genericErrorText),
      );
    }
    setSending(false);
  }

  return (
    <PageShell narrow className="account">
      <section className="card account__card" aria-labelledby="forgot-title">
        <h1 id="forgot-title">Forgot your password?</h1>
        {sent ? (
          <p role="status" className="form-message form-message--success">
            {identityMessages.forgotSuccess}
          </p>
        ) : (
          <>
            <p className="account__intro">
              Enter the email address you log in with and we will email you a link to reset your
              password.
            </p>
            <form className="account__form" onSubmit={(event) => void onSubmit(event)}>
              <EmailField value={email} onValueChange={setEmail} />
              <FormError>{error}</FormError>
              <Button
                type="submit"
                className="account__submit"
                busy={sending}
                busyLabel="Sending..."
              >
                Send Reset Link
              </Button>
            </form>
          </>
        )}
        <div className="account__links">
          <Link to="/login">Back to login</Link>
        </div>
      </section>
    </PageShell>
  );
}
