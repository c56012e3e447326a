import {
  confirmEnrolment,
  secondFactorMessages,
  startEnrolment,
  type Enrolment,
} from '@clinic/contracts';
import { useEffect, useState, type FormEvent } from 'react';
import { callApi, errorMessage, genericErrorText } from '../api/client';
import type { Session } from '../session/session';
import { Button, Field, FormError, FormMessage } from '../ui';
import { challengeExpired } from './SecondFactorStep';

/** The key in groups of four, as authenticator apps accept it typed (they ignore the spaces). */
export const keyInGroups = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

/**
 * Enrolment of a staff member's authenticator app, the first time they log in (issue 30): the QR
 * code and the same secret as text, a first code from the app to confirm, then the ten recovery
 * codes, shown this once, before the console opens.
 */
export function EnrolmentStep({
  challenge,
  onSession,
  onRestart,
}: {
  challenge: string;
  onSession(session: Session): Promise<void>;
  onRestart(): void;
}) {
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [expired, setExpired] = useState(false);
  const [sending, setSending] = useState(false);
  const [done, setDone] = useState<{ session: Session; codes: string[] } | null>(null);

  useEffect(() => {
    let live = true;
    callApi(startEnrolment, { body: { challenge } }).then(
      (started) => live && setEnrolment(started),
      (caught: unknown) => {
        if (!live) return;
        setError(errorMessage(caught, genericErrorText));
        setExpired(challengeExpired(caught));
      },
    );
    return () => {
      live = false;
    };
  }, [challenge]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    if (!/^\d{6}$/.test(code)) {
      setError('The code is the 6 digits your authenticator app shows');
      return;
    }
    setSending(true);
    setError(null);
    try {
      const { token, user, recovery_codes } = await callApi(confirmEnrolment, {
        body: { challenge, code },
      });
      setDone({ session: { token, user }, codes: recovery_codes });
    } catch (caught) {
      setError(errorMessage(caught, secondFactorMessages.wrong));
      setExpired(challengeExpired(caught));
    }
    setSending(false);
  }

  if (done) {
    return (
      <div className="account__form">
        <FormMessage kind="success">{secondFactorMessages.enrolled}</FormMessage>
        <ol className="enrolment__codes" aria-label="Recovery codes">
          {done.codes.map((recoveryCode) => (
            <li key={recoveryCode}>
              <code>{recoveryCode}</code>
            </li>
          ))}
        </ol>
        <Button
          type="button"
          className="account__submit"
          busy={sending}
          busyLabel="Opening..."
          onClick={() => {
            setSending(true);
            void onSession(done.session);
          }}
        >
          I saved my codes, continue
        </Button>
      </div>
    );
  }

  if (expired) {
    return (
      <div className="account__form">
        <FormError>{error}</FormError>
        <Button type="button" className="account__submit" onClick={onRestart}>
          Log in again
        </Button>
      </div>
    );
  }

  return (
    <form className="account__form" onSubmit={(event) => void onSubmit(event)}>
      <FormMessage kind="info" live={false}>
        {secondFactorMessages.enrolNeeded}
      </FormMessage>
      <ol className="enrolment__steps">
        <li>
          Open an authenticator app on your phone (Google Authenticator, Authy, 1Password...).
        </li>
        <li>Scan this QR code, or type the key below into the app.</li>
        <li>Enter the 6-digit code the app shows.</li>
      </ol>
      {enrolment ? (
        <>
          <img
            className="enrolment__qr"
            src={enrolment.qr_code}
            width={240}
            height={240}
            alt="QR code to add your account to an authenticator app"
          />
          <p className="enrolment__secret">
            Key: <code aria-label="Setup key">{keyInGroups(enrolment.secret)}</code>
          </p>
        </>
      ) : (
        !error && <p role="status">Preparing your QR code...</p>
      )}
      <Field
        label="Code from your app"
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        required
        maxLength={6}
        pattern="[0-9]{6}"
        value={code}
        onValueChange={(value) => setCode(value.replace(/\D/g, ''))}
      />
      <FormError>{error}</FormError>
      <Button
        type="submit"
        className="account__submit"
        busy={sending}
        busyLabel="Checking..."
        disabled={!enrolment}
      >
        Turn on two-factor login
      </Button>
    </form>
  );
}
