/**
 * /verify (spec 000 sections 2 and 4): address, then phone code, then email code, then the
 * medical form of the first remaining prescription (or /home when none remains). The page needs
 * the logged-in user; without a session it sends the visitor to log in and come back. A phone or
 * email already verified or skipped (GET /api/verification-status) is not asked again: a revisit
 * starts at the first step not done, and sends no code for a done one.
 *
 * Hooks for end-to-end tests (stable ids and classes):
 *   main[data-page="verify"][data-step="address|phone|email|done"]  the page and its current step
 *   ol.verify-steps > li.verify-steps__item[data-state="done|skipped|current|upcoming"]  indicator
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
import { useCallback, useEffect, useRef, useState } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { readPreauths } from '../session/preauths';
import { usePageTitle } from '../components/usePageTitle';
import { useSession } from '../session/session';
import { AddressStep } from './AddressStep';
import { CodeStep, type CodeOutcome } from './CodeStep';
import { PageShell, Stepper } from '../ui';
import { readVerificationStatus } from './verifyApi';
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

function StepIndicator({ current, skipped }: { current: Position; skipped: Step[] }) {
  const currentIndex =
    current === 'finished' ? steps.length : steps.findIndex((s) => s.key === current);
  return (
    <Stepper
      steps={steps}
      current={currentIndex}
      label="Verification steps"
      classPrefix="verify-steps"
      skipped={skipped}
    />
  );
}

/** Where the page is: a step, or everything done (on to the medical form). */
type Position = Step | 'finished';

type Contact = 'phone' | 'email';

/** How a contact step ended: verified, skipped, or not yet (null). */
type Outcome = 'verified' | 'skipped' | null;

/** Phone and email verified or skipped before this visit, as GET /api/verification-status says. */
type DoneBefore = Record<Contact, Outcome>;

/** The steps passed in this visit: the address, and how each contact step ended. */
type Passed = { address: boolean } & DoneBefore;

/**
 * The first step not done. The status does not report the address: the address step always
 * checks the stored one, and passes straight on when it is good. Until the status is known the
 * page stays on the address step, so no code is sent for a contact that is already done.
 */
function positionOf(passed: Passed, before: DoneBefore | null): Position {
  if (!passed.address || before === null) return 'address';
  if (!passed.phone && !before.phone) return 'phone';
  if (!passed.email && !before.email) return 'email';
  return 'finished';
}

const notPassed: Passed = { address: false, phone: null, email: null };

/** A contact's outcome as the status reports it ('pending' is not one yet). */
const outcomeOf = (state: { status: 'pending' | 'verified' | 'skipped' }): Outcome =>
  state.status === 'pending' ? null : state.status;

export function VerifyPage() {
  usePageTitle('Verify Your Details');
  const session = useSession();
  const navigate = useNavigate();
  const [passed, setPassed] = useState(notPassed);
  const [before, setBefore] = useState<DoneBefore | null>(null);
  // StrictMode runs mount effects twice in development; the status is asked once.
  const asked = useRef(false);
  const loggedIn = session !== null;

  useEffect(() => {
    if (!loggedIn || asked.current) return;
    asked.current = true;
    readVerificationStatus().then(
      (status) => setBefore({ phone: outcomeOf(status.phone), email: outcomeOf(status.email) }),
      // Unknown: every step is offered, as on a first visit.
      () => setBefore({ phone: null, email: null }),
    );
  }, [loggedIn]);

  // Stable, so the steps' effects that hold them do not restart on every render.
  const addressDone = useCallback(() => setPassed((p) => ({ ...p, address: true })), []);
  const phoneDone = useCallback(
    (outcome: CodeOutcome) => setPassed((p) => ({ ...p, phone: outcome })),
    [],
  );
  const emailDone = useCallback(
    (outcome: CodeOutcome) => setPassed((p) => ({ ...p, email: outcome })),
    [],
  );

  const position = positionOf(passed, before);
  const skipped = (['phone', 'email'] as const).filter(
    (contact) => (passed[contact] ?? before?.[contact]) === 'skipped',
  );
  useEffect(() => {
    // Replaced: Back from the medical form should not restart verification (and send codes).
    if (position === 'finished') void navigate(pathAfterVerification(), { replace: true });
  }, [position, navigate]);

  if (!session) return <Navigate to="/login?page_ref=/verify" replace />;

  return (
    <PageShell
      narrow
      className="verify"
      data-page="verify"
      data-step={position === 'finished' ? 'done' : position}
    >
      <StepIndicator current={position} skipped={skipped} />
      {position === 'address' && <AddressStep userId={session.user.id} onDone={addressDone} />}
      {position === 'phone' && <CodeStep key="phone" type={1} onDone={phoneDone} />}
      {position === 'email' && <CodeStep key="email" type={2} onDone={emailDone} />}
    </PageShell>
  );
}
