import {
  existingAccountMessage,
  identityMessages,
  idleSignOutNotice,
  loginCodeMessages,
  loginCodeReasons,
  type LoginCodeReason,
} from '@clinic/contracts';
import { lazy, Suspense, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { callApi, genericErrorText, networkErrorText, toApiError } from '../api/client';
import { usePageTitle } from '../components/usePageTitle';
import { landingAfterLogin } from '../session/audience';
import { isCartSession, useSession, type Session } from '../session/session';
import { Button, Field, FormError, FormMessage, PageShell } from '../ui';
import { EmailField } from './EmailField';
import { safeInAppPath } from './safePath';
import type { SecondStep } from './StaffLoginStep';
import { startSession } from './startSession';
import './account.css';

/**
 * Notes other pages may ask the login page to show through `?notice=`. Only these texts are shown:
 * a crafted link cannot put its own words on the clinic's login page.
 */
const knownNotices: readonly string[] = [existingAccountMessage, idleSignOutNotice];

/** A staff member's second step: its code and contract come only after their right password. */
const StaffLoginStep = lazy(() =>
  import('./StaffLoginStep').then((m) => ({ default: m.StaffLoginStep })),
);

function StaffStep(props: Parameters<typeof StaffLoginStep>[0]) {
  return (
    <Suspense fallback={null}>
      <StaffLoginStep {...props} />
    </Suspense>
  );
}

/** See loginContract.ts: fetched on the first focus in the form, awaited on sending. */
const loadLoginContract = () => import('./loginContract');

export const cartLinkLoginNotice =
  'Your checkout link opens your order only. To see your account, log in: new patients set a password with the link in our welcome email, or use "Forgot your password?"';

/**
 * Why the server asks for the code emailed to the account's owner (past its failure limit), or
 * null for any other answer.
 */
export function loginCodeReason(error: unknown): LoginCodeReason | null {
  const reason = toApiError(error).detail('reason');
  return loginCodeReasons.find((known) => known === reason) ?? null;
}

/**
 * What a failed login shows (spec 000 sections 5 and 8): the connection text without an answer,
 * the server's text for 429 (it says how long to wait), for a wrong login code and for a 2xx that
 * is not a session, otherwise the spec's login failure.
 */
export function loginErrorText(error: unknown): string {
  const failure = toApiError(error);
  if (failure.isNetwork) return networkErrorText;
  if (failure.status === 429) return failure.serverMessage ?? identityMessages.tooManyAttempts;
  if (loginCodeReason(error) === 'login_code_wrong')
    return failure.serverMessage ?? loginCodeMessages.wrong;
  if (failure.kind === 'malformed') return failure.serverMessage ?? genericErrorText;
  return identityMessages.loginFailed;
}

/** The note above the form: a checkout link's session finishes its order only (its holder is here to open the account), else a known `?notice=`. */
function noticeFor(session: Session | null, requested: string | null): string | null {
  if (isCartSession(session)) return cartLinkLoginNotice;
  return requested && knownNotices.includes(requested) ? requested : null;
}

/** /login (spec 000 sections 2, 4, 5 and 8). `GuestOnly` in the route map sends members to their start. */
export function LoginPage() {
  usePageTitle('Log In');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const notice = noticeFor(useSession(), params.get('notice'));
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  // Past the account's failure limit: the code emailed to the owner goes with the password.
  const [codeAsked, setCodeAsked] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  // A staff member past the password: the challenge of the second step, and which step.
  const [secondStep, setSecondStep] = useState<SecondStep | null>(null);

  async function send(withCode: boolean) {
    if (sending) return;
    let contract: Awaited<ReturnType<typeof loadLoginContract>>;
    try {
      contract = await loadLoginContract();
    } catch {
      setError(networkErrorText); // its code did not arrive: nothing was sent
      return;
    }
    const { login, loginRequestSchema } = contract;
    // The contract trims and lower-cases the email (spec 000 section 5).
    const request = loginRequestSchema.safeParse({
      email,
      password,
      ...(withCode ? { code } : {}),
    });
    if (!request.success) {
      setError(request.error.issues[0]?.message ?? identityMessages.loginFailed);
      return;
    }
    setSending(true);
    setError(null);
    try {
      const answer = await callApi(login, { body: request.data });
      // Staff: the password was right; the second step takes over the card.
      if (answer.status === 'second_factor') return setSecondStep(answer);
      // Spec 000 section 7 stores the whole answer's session: the token and the user.
      await finish({ token: answer.token, user: answer.user });
      return; // this page is gone now
    } catch (caught) {
      const reason = loginCodeReason(caught);
      if (reason) {
        setCodeAsked(true);
        if (reason === 'login_code_needed') setCode('');
      }
      // A 2xx with another status is refused by the contract: the server's message is shown.
      setError(reason === 'login_code_needed' ? null : loginErrorText(caught));
    }
    setSending(false);
  }

  // Staff go to the console, patients to the portal, unless page_ref asked for a page of their
  // own part of the app.
  async function finish(session: Session) {
    const target = landingAfterLogin(session, safeInAppPath(params.get('page_ref')));
    await startSession(session, target, navigate);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void send(codeAsked);
  }

  if (secondStep) {
    const restart = () => (setSecondStep(null), setSending(false));
    return <StaffStep step={secondStep} onSession={finish} onRestart={restart} />;
  }

  return (
    <PageShell narrow className="account">
      <section className="card account__card" aria-labelledby="login-title">
        <h1 id="login-title">Log In</h1>
        <FormMessage kind="info" live={false}>
          {notice}
        </FormMessage>
        <form
          className="account__form"
          onSubmit={onSubmit}
          onFocus={() => void loadLoginContract().catch(() => undefined)}
        >
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
          {codeAsked && (
            <>
              <FormMessage kind="info">{loginCodeMessages.needed}</FormMessage>
              <Field
                label="Code from our email"
                name="code"
                inputMode="numeric"
                autoComplete="one-time-code"
                required
                maxLength={6}
                pattern="[0-9]{6}"
                value={code}
                onValueChange={(value) => setCode(value.replace(/\D/g, ''))}
              />
            </>
          )}
          <FormError>{error}</FormError>
          <Button
            type="submit"
            className="account__submit"
            busy={sending}
            busyLabel="Logging In..."
          >
            Log In
          </Button>
          {codeAsked && (
            <Button
              type="button"
              variant="secondary"
              disabled={sending}
              onClick={() => void send(false)}
            >
              Email me a new code
            </Button>
          )}
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
