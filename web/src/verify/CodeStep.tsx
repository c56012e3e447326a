import {
  useCallback,
  useEffect,
  useRef,
  useState,
  type FormEvent,
  type ReactNode,
  type RefObject,
} from 'react';
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

/** Skip verification, flagged with a hint once the patient seems stuck. */
function SkipControl({
  flagged,
  leaving,
  onSkip,
}: {
  flagged: boolean;
  leaving: boolean;
  onSkip(): void;
}) {
  return (
    <div className={`verify-skip${flagged ? ' verify-skip--flagged' : ''}`}>
      {flagged && (
        <p className="verify-skip__hint" id="verify-skip-hint">
          Having trouble? You can skip this step.
        </p>
      )}
      <button
        type="button"
        id="verify-skip"
        className="verify-link verify-skip__link"
        data-flagged={flagged ? 'true' : undefined}
        aria-describedby={flagged ? 'verify-skip-hint' : undefined}
        disabled={leaving}
        onClick={onSkip}
      >
        Skip verification
      </button>
    </div>
  );
}

/** Resend code (after its timer), and the change of number or address. */
function ResendBar({
  seconds,
  running,
  sending,
  leaving,
  changeText,
  onResend,
  onChange,
}: {
  seconds: number;
  running: boolean;
  sending: boolean;
  leaving: boolean;
  changeText: string;
  onResend(): void;
  onChange(): void;
}) {
  return (
    <div className="verify-resend">
      <button
        type="button"
        id="verify-resend"
        className="verify-link"
        disabled={running || sending || leaving}
        onClick={onResend}
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
        onClick={onChange}
      >
        {changeText}
      </button>
    </div>
  );
}

/**
 * What a failed send means: a 429 says the last code is still fresh, so the resend timer
 * restarts; the code sent before (a reload, a second tab) still works, and the grey countdown
 * says all there is to say. Only a 429 without a wait (too many codes today), or another
 * failure, is an error: `automatic` sends (on arrival, after a change) have the spec's
 * "verification code" text, a resend the shorter one.
 */
function sendFailure(
  failure: unknown,
  reason: 'automatic' | 'resend',
): { restart: number | null; note: Note | null } {
  const wait = errorField(failure, 'resend_in');
  const tooSoon = toApiError(failure).status === 429;
  if (tooSoon && typeof wait === 'number') return { restart: wait, note: null };
  const fallback =
    reason === 'automatic'
      ? verificationMessages.sendVerificationCodeFailed
      : verificationMessages.sendCodeFailed;
  return {
    restart: tooSoon ? verificationLimits.resendSeconds : null,
    note: { kind: 'error', text: failureText(failure, fallback) },
  };
}

/** The four boxes, the step's note and Verify. */
function CodeForm({
  boxes,
  digits,
  onDigits,
  note,
  canVerify,
  leaving,
  onVerify,
}: {
  boxes: RefObject<CodeBoxesHandle | null>;
  digits: string[];
  onDigits(digits: string[]): void;
  note: Note | null;
  canVerify: boolean;
  leaving: boolean;
  onVerify(event: FormEvent<HTMLFormElement>): void;
}) {
  return (
    <form className="verify-code" id="verify-code-form" noValidate onSubmit={onVerify}>
      <fieldset className="verify-fieldset">
        <legend className="visually-hidden">Verification code</legend>
        <CodeBoxes ref={boxes} digits={digits} onChange={onDigits} disabled={leaving} />
      </fieldset>
      <Message kind={note?.kind ?? 'info'}>{note?.text}</Message>
      <button
        type="submit"
        id="verify-submit"
        className="button verify-primary"
        disabled={!canVerify || leaving}
      >
        Verify
      </button>
    </form>
  );
}

/** The skip, recorded for staff only: the patient is not held back when it cannot be written. */
async function recordSkipQuietly(type: VerificationType): Promise<void> {
  try {
    await recordSkip(type);
  } catch {
    // Nothing to tell the patient.
  }
}

/** Where the code went, or where it is going. */
function SentToLead({
  sentTo,
  sending,
  target,
}: {
  sentTo: string | null;
  sending: boolean;
  target: string;
}) {
  return (
    <p className="verify__lead" id="verify-sent-to">
      {sentTo ? (
        <>
          We sent a {verificationLimits.codeLength}-digit code to{' '}
          <span className="verify__sent-to">{sentTo}</span>
        </>
      ) : sending ? (
        `Sending a code to ${target}...`
      ) : (
        `Enter the ${verificationLimits.codeLength}-digit code we sent to ${target}.`
      )}
    </p>
  );
}

/** The change of number or address: the form, then a new code goes there. */
function ChangeScreen({
  type,
  title,
  onUpdated,
  onCancel,
  children,
}: {
  type: VerificationType;
  title: string;
  onUpdated(message: string): void;
  onCancel(): void;
  children: ReactNode;
}) {
  return (
    <section
      className="card verify__card"
      aria-labelledby="verify-title"
      data-step={type === 1 ? 'phone' : 'email'}
      data-screen="change"
    >
      <h1 id="verify-title" className="verify__title">
        {title}
      </h1>
      <p className="verify__lead">We will send a new code there. The old code stops working.</p>
      {type === 1 ? (
        <ChangePhoneForm onUpdated={onUpdated} onCancel={onCancel} />
      ) : (
        <ChangeEmailForm onUpdated={onUpdated} onCancel={onCancel} />
      )}
      {children}
    </section>
  );
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
        const { restart, note } = sendFailure(failure, reason);
        if (restart !== null) start(restart);
        setNote(note);
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
      const { invalidCode, verifyFailed } = verificationMessages;
      setNote({ kind: 'error', text: failureText(failure, invalidCode, verifyFailed) });
      boxes.current?.focusFirst();
    } finally {
      checking.current = false;
      setVerifying(false);
    }
  }

  async function skip() {
    if (leaving) return;
    setLeaving(true);
    await recordSkipQuietly(type);
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

  const skipControl = (
    <SkipControl flagged={skipFlagged} leaving={leaving} onSkip={() => void skip()} />
  );

  if (screen === 'change')
    return (
      <ChangeScreen
        type={type}
        title={text.change}
        onUpdated={changed}
        onCancel={() => setScreen('code')}
      >
        {skipControl}
      </ChangeScreen>
    );

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
      <SentToLead sentTo={sentTo} sending={sending} target={text.target} />
      <CodeForm
        boxes={boxes}
        digits={digits}
        onDigits={setDigits}
        note={note}
        canVerify={isCompleteCode(code) && !verifying}
        leaving={leaving}
        onVerify={(event) => void verify(event)}
      />
      <ResendBar
        seconds={seconds}
        running={running}
        sending={sending}
        leaving={leaving}
        changeText={text.change}
        onResend={() => void send('resend', true)}
        onChange={openChange}
      />
      {skipControl}
    </section>
  );
}
