import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import {
  isCompleteCode,
  verificationLimits,
  verificationMessages,
  type VerificationType,
} from '@clinic/contracts';
import { toApiError } from '../api/client';
import { ChangeEmailForm } from './ChangeEmailForm';
import { ChangePhoneForm } from './ChangePhoneForm';
import { CodeBoxes, emptyCode, type CodeBoxesHandle } from './CodeBoxes';
import { Message } from './Message';
import { useResendTimer } from './useResendTimer';
import {
  confirmCode,
  errorField,
  failureText,
  recordSkip,
  sendVerificationCode,
} from './verifyApi';

const texts = {
  1: {
    title: 'Verify your phone number',
    target: 'your phone',
    change: 'Change phone number',
  },
  2: {
    title: 'Verify your email address',
    target: 'your email',
    change: 'Change email address',
  },
} as const satisfies Record<VerificationType, { title: string; target: string; change: string }>;

interface Note {
  kind: 'error' | 'success' | 'info';
  text: string;
}

/** How the step ended: the code checked, or the patient chose to skip it. */
export type CodeOutcome = 'verified' | 'skipped';

interface Props {
  type: VerificationType;
  /** Verified or skipped: on to what follows. */
  onDone(outcome: CodeOutcome): void;
}

/**
 * Steps 1 and 2 of /verify (spec 000 section 4): a code is sent on arrival, the patient types it
 * into four boxes, may resend it once the timer allows, change the number or address it goes to,
 * or skip the step.
 */
export function CodeStep({ type, onDone }: Props) {
  const text = texts[type];
  const [screen, setScreen] = useState<'code' | 'change'>('code');
  const [digits, setDigits] = useState(emptyCode);
  const [failures, setFailures] = useState(0);
  const [skipSuggested, setSkipSuggested] = useState(false);
  const [note, setNote] = useState<Note | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [verifying, setVerifying] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const { seconds, running, start, stop } = useResendTimer();
  const boxes = useRef<CodeBoxesHandle>(null);
  // StrictMode runs mount effects twice in development; one code is all the patient should get.
  const sentOnArrival = useRef(false);
  // State updates land after the render: a double Enter must not send the code twice.
  const checking = useRef(false);

  /**
   * `automatic` is a send the page makes by itself (on arrival, after a change): its failure
   * has the spec's "verification code" text, a resend's the shorter one.
   */
  const send = useCallback(
    async (reason: 'automatic' | 'resend', startTimer: boolean) => {
      setSending(true);
      try {
        const sent = await sendVerificationCode(type);
        setSentTo(sent.sent_to || null);
        if (startTimer) start(sent.resend_in);
        if (reason === 'resend') setNote({ kind: 'success', text: sent.message });
      } catch (failure) {
        // A 429 means the last code is still fresh: the screen stays, the wait is shown.
        const wait = errorField(failure, 'resend_in');
        if (toApiError(failure).status === 429) {
          start(typeof wait === 'number' ? wait : verificationLimits.resendSeconds);
          // The code sent before (a reload, a second tab) still works: the grey countdown says
          // all there is to say. Only a 429 without a wait (too many codes today) is an error.
          if (typeof wait === 'number') {
            setNote(null);
            return;
          }
        }
        const fallback =
          reason === 'automatic'
            ? verificationMessages.sendVerificationCodeFailed
            : verificationMessages.sendCodeFailed;
        setNote({ kind: 'error', text: failureText(failure, fallback) });
      } finally {
        setSending(false);
      }
    },
    [type, start],
  );

  useEffect(() => {
    if (sentOnArrival.current) return;
    sentOnArrival.current = true;
    void send('automatic', true);
  }, [send]);

  useEffect(() => {
    if (screen === 'code') boxes.current?.focusFirst();
  }, [screen]);

  const code = digits.join('');
  const skipFlagged = skipSuggested || failures >= verificationLimits.skipFlaggedAfterFailures;

  async function verify(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!isCompleteCode(code) || checking.current || leaving) return;
    checking.current = true;
    setVerifying(true);
    setNote(null);
    try {
      await confirmCode(type, code);
      setLeaving(true);
      onDone('verified');
    } catch (failure) {
      setDigits(emptyCode());
      setFailures((count) => count + 1);
      if (errorField(failure, 'skip_suggested') === true) setSkipSuggested(true);
      setNote({
        kind: 'error',
        text: failureText(
          failure,
          verificationMessages.invalidCode,
          verificationMessages.verifyFailed,
        ),
      });
      boxes.current?.focusFirst();
    } finally {
      checking.current = false;
      setVerifying(false);
    }
  }

  async function skip() {
    if (leaving) return;
    setLeaving(true);
    try {
      await recordSkip(type);
    } catch {
      // The record is for staff only; the patient is not held back when it cannot be written.
    }
    onDone('skipped');
  }

  function openChange() {
    setNote(null);
    setScreen('change');
  }

  function changed(message: string) {
    setDigits(emptyCode());
    setFailures(0);
    setSkipSuggested(false);
    stop();
    setSentTo(null);
    setNote({ kind: 'success', text: message });
    setScreen('code');
    void send('automatic', false);
  }

  function cancelChange() {
    setScreen('code');
  }

  const skipControl = (
    <div className={`verify-skip${skipFlagged ? ' verify-skip--flagged' : ''}`}>
      {skipFlagged && (
        <p className="verify-skip__hint" id="verify-skip-hint">
          Having trouble? You can skip this step.
        </p>
      )}
      <button
        type="button"
        id="verify-skip"
        className="verify-link verify-skip__link"
        data-flagged={skipFlagged ? 'true' : undefined}
        aria-describedby={skipFlagged ? 'verify-skip-hint' : undefined}
        disabled={leaving}
        onClick={() => void skip()}
      >
        Skip verification
      </button>
    </div>
  );

  if (screen === 'change') {
    return (
      <section
        className="card verify__card"
        aria-labelledby="verify-title"
        data-step={type === 1 ? 'phone' : 'email'}
        data-screen="change"
      >
        <h1 id="verify-title" className="verify__title">
          {text.change}
        </h1>
        <p className="verify__lead">We will send a new code there. The old code stops working.</p>
        {type === 1 ? (
          <ChangePhoneForm onUpdated={changed} onCancel={cancelChange} />
        ) : (
          <ChangeEmailForm onUpdated={changed} onCancel={cancelChange} />
        )}
        {skipControl}
      </section>
    );
  }

  return (
    <section
      className="card verify__card"
      aria-labelledby="verify-title"
      data-step={type === 1 ? 'phone' : 'email'}
      data-screen="code"
    >
      <h1 id="verify-title" className="verify__title">
        {text.title}
      </h1>
      <p className="verify__lead" id="verify-sent-to">
        {sentTo ? (
          <>
            We sent a {verificationLimits.codeLength}-digit code to{' '}
            <span className="verify__sent-to">{sentTo}</span>
          </>
        ) : sending ? (
          `Sending a code to ${text.target}...`
        ) : (
          `Enter the ${verificationLimits.codeLength}-digit code we sent to ${text.target}.`
        )}
      </p>
      <form
        className="verify-code"
        id="verify-code-form"
        noValidate
        onSubmit={(event) => void verify(event)}
      >
        <fieldset className="verify-fieldset">
          <legend className="visually-hidden">Verification code</legend>
          <CodeBoxes ref={boxes} digits={digits} onChange={setDigits} disabled={leaving} />
        </fieldset>
        <Message kind={note?.kind ?? 'info'}>{note?.text}</Message>
        <button
          type="submit"
          id="verify-submit"
          className="button verify-primary"
          disabled={!isCompleteCode(code) || verifying || leaving}
        >
          Verify
        </button>
      </form>
      <div className="verify-resend">
        <button
          type="button"
          id="verify-resend"
          className="verify-link"
          disabled={running || sending || leaving}
          onClick={() => void send('resend', true)}
        >
          Resend code
        </button>
        {running && (
          <span className="verify-resend__timer" id="verify-resend-timer">
            {`Resend available in ${seconds}s`}
          </span>
        )}
        <button
          type="button"
          id="verify-change"
          className="verify-link"
          disabled={leaving}
          onClick={openChange}
        >
          {text.change}
        </button>
      </div>
      {skipControl}
    </section>
  );
}
