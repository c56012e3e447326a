import { secondFactor, secondFactorMessages, secondFactorRequestSchema } from '@clinic/contracts';
import { useState, type FormEvent } from 'react';
import { callApi, errorMessage, toApiError } from '../api/client';
import { Button, Field, FormError, FormMessage } from '../ui';
import type { Session } from '../session/session';

/** Whether a refusal ended the login's challenge: the password comes first again. */
export function challengeExpired(error: unknown): boolean {
  return toApiError(error).detail('reason') === 'challenge_expired';
}

/**
 * A staff login's second step (issue 30): the 6-digit code from the authenticator app, or one of
 * the recovery codes for whoever lost their phone. The server's text says why a code was refused
 * (wrong, already used, spent recovery code); a challenge that ran out sends back to the password.
 */
export function SecondFactorStep({
  challenge,
  onSession,
  onRestart,
}: {
  challenge: string;
  onSession(session: Session): Promise<void>;
  onRestart(): void;
}) {
  const [useRecovery, setUseRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [expired, setExpired] = useState(false);
  const [sending, setSending] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const request = secondFactorRequestSchema.safeParse(
      useRecovery ? { challenge, recovery_code: code } : { challenge, code },
    );
    if (!request.success) {
      setError(request.error.issues[0]?.message ?? secondFactorMessages.wrong);
      return;
    }
    setSending(true);
    setError(null);
    try {
      const { token, user } = await callApi(secondFactor, { body: request.data });
      await onSession({ token, user });
      return;
    } catch (caught) {
      setError(errorMessage(caught, secondFactorMessages.wrong));
      setExpired(challengeExpired(caught));
    }
    setSending(false);
  }

  function switchKind() {
    setUseRecovery((was) => !was);
    setCode('');
    setError(null);
  }

  return (
    <form className="account__form" onSubmit={(event) => void onSubmit(event)}>
      <FormMessage kind="info">
        {useRecovery
          ? 'Enter one of the recovery codes you saved when you set up your app. Each one works once.'
          : secondFactorMessages.codeNeeded}
      </FormMessage>
      {useRecovery ? (
        <Field
          key="recovery"
          label="Recovery code"
          name="recovery_code"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          required
          maxLength={20}
          value={code}
          onValueChange={setCode}
        />
      ) : (
        <Field
          key="code"
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
      )}
      <FormError>{error}</FormError>
      {expired ? (
        <Button type="button" className="account__submit" onClick={onRestart}>
          Log in again
        </Button>
      ) : (
        <Button type="submit" className="account__submit" busy={sending} busyLabel="Checking...">
          Verify
        </Button>
      )}
      <Button type="button" variant="secondary" disabled={sending} onClick={switchKind}>
        {useRecovery ? 'Use a code from my app' : 'Use a recovery code'}
      </Button>
    </form>
  );
}
