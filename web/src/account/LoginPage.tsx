import {
  existingAccountMessage,
  identityMessages,
  login,
  loginRequestSchema,
} from '@clinic/contracts';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { apiFetch } from '../api/client';
import { usePageTitle } from '../components/usePageTitle';
import { landingAfterLogin } from '../session/audience';
import { isCartSession, useSession, type Session } from '../session/session';
import { errorText, genericErrorText, serverMessage } from './apiErrors';
import { Button, Field, FormError, FormMessage, PageShell } from '../ui';
import { EmailField } from './EmailField';
import { safeInAppPath } from './safePath';
import { startSession } from './startSession';
import './account.css';

/**
 * Notes other pages may ask the login page to show through `?notice=`. Only these texts are shown:
 * a crafted link cannot put its own words on the clinic's login page.
 */
const knownNotices: readonly string[] = [existingAccountMessage];

export const cartLinkLoginNotice =
  'Your checkout link opens your order only. To see your account, log in: new patients set a password with the link in our welcome email, or use "Forgot your password?"';

/** The session in a login answer: spec 000 section 7 stores the whole answer (token and user). */
function sessionFrom(answer: unknown): Session | null {
  if (typeof answer !== 'object' || answer === null) return null;
  const { status, token, user } = answer as Record<string, unknown>;
  if (status !== 'success' || typeof token !== 'string' || token === '') return null;
  if (typeof user !== 'object' || user === null) return null;
  return { token, user: user as Session['user'] };
}

/** /login (spec 000 sections 2, 4, 5 and 8). `GuestOnly` in the route map sends members to their start. */
export function LoginPage() {
  usePageTitle('Log In');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const requested = params.get('notice');
  const session = useSession();
  // A checkout link's session finishes its order only; its holder is here to open the account.
  const notice = isCartSession(session)
    ? cartLinkLoginNotice
    : requested && knownNotices.includes(requested)
      ? requested
      : null;
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    // The contract trims and lower-cases the email (spec 000 section 5).
    const request = loginRequestSchema.safeParse({ email, password });
    if (!request.success) {
      setError(request.error.issues[0]?.message ?? identityMessages.loginFailed);
      return;
    }
    setSending(true);
    setError(null);
    try {
      const answer = await apiFetch<unknown>(login.path, { method: 'POST', json: request.data });
      const session = sessionFrom(answer);
      if (session) {
        // Staff go to the console, patients to the portal, unless page_ref asked for a page
        // of their own part of the app.
        const target = landingAfterLogin(session, safeInAppPath(params.get('page_ref')));
        await startSession(session, target, navigate);
        return; // this page is gone now
      }
      // A 2xx with another status: spec 000 section 8 shows the server's message.
      setError(serverMessage(answer) ?? genericErrorText);
    } catch (caught) {
      setError(errorText(caught, () => identityMessages.loginFailed));
    }
    setSending(false);
  }

  return (
    <PageShell narrow className="account">
      <section className="card account__card" aria-labelledby="login-title">
        <h1 id="login-title">Log In</h1>
        <FormMessage kind="info" live={false}>
          {notice}
        </FormMessage>
        <form className="account__form" onSubmit={onSubmit}>
          <EmailField value={email} onValueChange={setEmail} />
          <Field
            label="Password"
            type="password"
            name="password"
            autoComplete="current-password"
            required
            maxLength={256}
            value={password}
            onValueChange={setPassword}
          />
          <FormError>{error}</FormError>
          <Button
            type="submit"
            className="account__submit"
            busy={sending}
            busyLabel="Logging In..."
          >
            Log In
          </Button>
        </form>
        <div className="account__links">
          <Link to="/forgot-password">Forgot your password?</Link>
          <p>
            New here? <Link to="/quiz">Take the quiz to get started</Link>
          </p>
        </div>
      </section>
    </PageShell>
  );
}
