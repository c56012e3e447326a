/**
 * /verify (spec 000 sections 2 and 4): address, then phone code, then email code, then the
 * medical form of the first remaining prescription (or /home when none remains). The page needs
 * the logged-in user; without a session it sends the visitor to log in and come back.
 *
 * Hooks for end-to-end tests (stable ids and classes):
 *   main[data-page="verify"][data-step="address|phone|email"]  the page and its current step
 *   ol.verify-steps > li.verify-steps__item[data-state="done|current|upcoming"]  indicator
 *   section.verify__card[data-step][data-screen]  the step's card; data-screen is
 *       checking | form | suggestion (address) or code | change (phone, email)
 *   #verify-title  the step's heading
 *   [role="alert"] errors, [role="status"] confirmations (class .verify-message)
 *   Address: #verify-address-form, #verify-address-line1, #verify-address-line2, #verify-city,
 *       #verify-state (select, two-letter values), #verify-zip, #verify-address-submit,
 *       p.verify-field__error (a field's problem), #verify-suggestion, #verify-use-suggestion,
 *       #verify-enter-different
 *   Code: #verify-sent-to, #verify-code-form, #verify-digit-1..4 (aria-label "Digit 1".."Digit 4"),
 *       #verify-submit, #verify-resend, #verify-resend-timer ("Resend available in {n}s"),
 *       #verify-change, #verify-skip (data-flagged="true" when flagged), #verify-skip-hint,
 *       .verify-skip--flagged
 *   Change phone: #verify-change-phone, #verify-phone-area, #verify-phone-prefix,
 *       #verify-phone-line, #verify-phone-submit, #verify-change-cancel
 *   Change email: #verify-change-email, #verify-email-input, #verify-email-submit,
 *       #verify-change-cancel
 */
import { useCallback, useState } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { readPreauths } from '../checkout/preauths';
import { usePageTitle } from '../components/usePageTitle';
import { useSession } from '../session/session';
import { AddressStep } from './AddressStep';
import { CodeStep } from './CodeStep';
import '../account/account.css';
import './verify.css';

type Step = 'address' | 'phone' | 'email';

const steps: readonly { key: Step; label: string }[] = [
  { key: 'address', label: 'Address' },
  { key: 'phone', label: 'Phone' },
  { key: 'email', label: 'Email' },
];

/** The medical form of the first prescription the payment left to fill in, else the portal. */
export function pathAfterVerification(): string {
  const first = readPreauths().find(
    ({ orderId }) =>
      (typeof orderId === 'number' && Number.isFinite(orderId)) ||
      (typeof orderId === 'string' && orderId.trim() !== ''),
  );
  return first ? `/medical-form/${encodeURIComponent(String(first.orderId))}` : '/home';
}

function StepIndicator({ current }: { current: Step }) {
  const currentIndex = steps.findIndex((s) => s.key === current);
  return (
    <ol className="verify-steps" aria-label="Verification steps">
      {steps.map(({ key, label }, index) => {
        const state =
          index < currentIndex ? 'done' : index === currentIndex ? 'current' : 'upcoming';
        return (
          <li
            key={key}
            className="verify-steps__item"
            data-step={key}
            data-state={state}
            aria-current={state === 'current' ? 'step' : undefined}
          >
            <span className="verify-steps__dot" aria-hidden="true">
              {state === 'done' ? '\u2713' : index + 1}
            </span>
            <span className="verify-steps__label">
              {label}
              {state === 'done' && <span className="visually-hidden"> (done)</span>}
            </span>
          </li>
        );
      })}
    </ol>
  );
}

export function VerifyPage() {
  usePageTitle('Verify Your Details');
  const session = useSession();
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>('address');

  // Stable, so the steps' effects that hold them do not restart on every render.
  const toPhone = useCallback(() => setStep('phone'), []);
  const toEmail = useCallback(() => setStep('email'), []);
  const finish = useCallback(() => {
    // Replaced: Back from the medical form should not restart verification (and send codes).
    void navigate(pathAfterVerification(), { replace: true });
  }, [navigate]);

  if (!session) return <Navigate to="/login?page_ref=/verify" replace />;

  return (
    <main className="page page--narrow verify" data-page="verify" data-step={step}>
      <StepIndicator current={step} />
      {step === 'address' && <AddressStep userId={session.user.id} onDone={toPhone} />}
      {step === 'phone' && <CodeStep key="phone" type={1} onDone={toEmail} />}
      {step === 'email' && <CodeStep key="email" type={2} onDone={finish} />}
    </main>
  );
}
