import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  intakeMessages,
  intakeProblem,
  intakeStepCount,
  intakeStepProblem,
} from '@clinic/contracts';
import { usePageTitle } from '../components/usePageTitle';
import { readActiveOffers } from '../tracking/activeOffers';
import { trackingSessionId } from '../tracking/trackingSession';
import { toAnswers, type IntakeDraft } from './draft';
import { QuizProgress } from './QuizProgress';
import type { SubmitOutcome } from './submitIntake';
import { intakeSteps, loadLaterSteps } from './steps';
import { visitorToday } from './today';
import { useIntake } from './useIntake';
import '../styles/funnel.css';

/**
 * What sending the quiz needs (the lead's contract, zod, reading the campaign cookie): not part
 * of the quiz's first screen, fetched once the visitor is past the first step.
 */
const loadSubmission = () => import('./submission');

export const SUBMIT_LABEL = 'Start my FREE visit ->';
export const SENDING_LABEL = 'Processing...';

/**
 * The nine-step intake quiz at / (spec 000 sections 2, 4 and 5). Each step is checked with the
 * contracts' rule before the next one shows; the last step sends the lead and goes to the report,
 * /sorry or /login depending on the answer. Each step is a browser history entry (useIntake), so
 * Go Back and the browser's Back do the same thing.
 */
export function IntakePage() {
  usePageTitle('Free Visit');
  const navigate = useNavigate();
  const { step, draft, update, goTo } = useIntake();
  const [error, setError] = useState<{ step: number; message: string } | null>(null);
  const [sending, setSending] = useState(false);
  // State updates land after the event; the ref blocks a second submit within the same tick.
  const sendingRef = useRef(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef(step);

  useEffect(() => {
    void loadLaterSteps().catch(() => undefined); // a step that needs it says so (PageBoundary)
  }, []);

  useEffect(() => {
    if (step > 1) void loadSubmission().catch(() => undefined); // tried again on submit
  }, [step]);

  // Focus the new step's heading so screen readers announce it and keyboards start at the top;
  // not on the first render, where the page's own load is announced.
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    headingRef.current?.focus();
  }, [step]);

  function fail(onStep: number, message: string) {
    goTo(onStep);
    setError({ step: onStep, message });
  }

  async function send(answers: IntakeDraft, today: Date) {
    if (sendingRef.current) return;
    // A reload can resume on step 9 with an earlier answer edited away: check all steps again.
    const earlier = intakeProblem(toAnswers(answers), today);
    if (earlier) {
      fail(earlier.step, earlier.message);
      return;
    }
    sendingRef.current = true;
    setSending(true);
    const outcome = await loadSubmission().then(
      ({ buildIntakePayload, readTracking, submitIntake }) =>
        submitIntake(
          buildIntakePayload(answers, {
            today,
            trackingSessionId: trackingSessionId(),
            userAgent: navigator.userAgent,
            // The campaign (when one brought the visitor) and the offer test arms, for marketing.
            tracking: { ...readTracking(), ...readActiveOffers() },
          }),
        ),
      // Its code did not arrive (offline): nothing was sent.
      (): SubmitOutcome => ({ kind: 'error', message: intakeMessages.submitError }),
    );
    if (outcome.kind === 'navigate') {
      // Stays "Processing..." until the page changes: no second lead from an impatient tap.
      navigate(outcome.to);
      return;
    }
    sendingRef.current = false;
    setSending(false);
    fail(outcome.step ?? intakeStepCount, outcome.message);
  }

  function advance(answers: IntakeDraft) {
    if (sendingRef.current) return;
    const today = visitorToday();
    const problem = intakeStepProblem(step, toAnswers(answers), today);
    if (problem) {
      setError({ step, message: problem });
      return;
    }
    setError(null);
    if (step < intakeStepCount) goTo(step + 1);
    else void send(answers, today);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    advance(draft);
  }

  function submitWith(patch: Partial<IntakeDraft>) {
    update(patch);
    advance({ ...draft, ...patch });
  }

  function goBack() {
    setError(null);
    goTo(step - 1);
  }

  const { title, Fields } = intakeSteps[step - 1]!;
  const isLast = step === intakeStepCount;
  const message = error?.step === step ? error.message : null;

  return (
    <main className="page page--narrow quiz" data-page="intake">
      <div className="quiz__top">
        {step > 1 ? (
          <button type="button" className="quiz__back" onClick={goBack} disabled={sending}>
            Go Back
          </button>
        ) : (
          <span />
        )}
        <QuizProgress step={step} total={intakeStepCount} />
      </div>
      <form className="card quiz__card" noValidate onSubmit={onSubmit} aria-labelledby="quiz-title">
        <h1 id="quiz-title" ref={headingRef} tabIndex={-1} className="quiz__title">
          {title}
        </h1>
        <Fields draft={draft} update={update} submitWith={submitWith} />
        {message && (
          <p role="alert" className="quiz__error">
            {message}
          </p>
        )}
        <button type="submit" className="button quiz__submit" disabled={sending}>
          {isLast ? (sending ? SENDING_LABEL : SUBMIT_LABEL) : 'Continue'}
        </button>
      </form>
    </main>
  );
}
