/**
 * The questionnaire (spec 002 sections 2 and 4): one question at a time, in the order of the
 * contracts' `askedSequence` (follow-ups after their question, in the order chosen), Go Back by
 * `previousQuestion`, the 'We Cannot Proceed' popup on a disqualifying answer, the dose
 * schedule, and the submission once `nextQuestionId` has nothing left. Progress is saved in the
 * browser on every change and restored on the next visit (progressStore.ts).
 *
 * Hooks for tests: main[data-page="medical-form"][data-question=<id>][data-type=<type>],
 * #mf-question-label, .mf-back (Go Back), .mf-option, .mf-check, #mf-answer, #mf-next,
 * #mf-confirm, #mf-confirm-back, .mf-progress [role=progressbar], .mf-overlay (submitting),
 * .mf-stop (the popup; .mf-stop--confirm its refund confirmation).
 */
import { useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  askedSequence,
  cannotProceedMessage,
  conflictingAnswerProblem,
  disqualification,
  mayProceed,
  nextQuestionId,
  type AskedStep,
  type FlowContext,
  type QuestionnaireFile,
  type StateRules,
} from '@clinic/contracts';
import { errorMessage, toApiError, type ApiError } from '../api/client';
import { usePageTitle } from '../components/usePageTitle';
import { PageShell, ProgressBar } from '../ui';
import { CannotProceedDialog } from './CannotProceedDialog';
import { dosesFromAnswer } from './doseChoices';
import { sendAssessment } from './formsApi';
import { clearLoaderState, type LoaderState } from './loaderState';
import { clearProgress, type StoredAnswer } from './progressStore';
import { LaterRefillSideEffects } from './LaterRefillSideEffects';
import { QuestionBody } from './QuestionBody';
import { NoQuestions, QuestionCard, SubmittingOverlay, useHeadingOnArrival } from './QuestionCard';
import { useQuestionFlow, without, type AnswerMap } from './useQuestionFlow';
import { useRefund } from './useRefund';
import { buildSubmission, type PatientInfo } from './submission';

export interface QuestionnaireScreenProps {
  formId: string;
  loader: LoaderState;
  file: QuestionnaireFile;
  /** The per-state rules in force: the Florida bill of rights, the refill restriction. */
  stateRules: StateRules;
  /** The logged-in patient's name and email, when the session has them. */
  patient: Omit<PatientInfo, 'gender' | 'state'>;
}

export const submitFailedText =
  'We could not submit your form. Please check your answers and try again.';
export { refundFailedText } from './useRefund';

/** The asked question a refused submission names (its questionId, or a field path ending in it). */
function namedQuestion(failure: ApiError, steps: readonly AskedStep[]): string | undefined {
  const asked = new Set(steps.map((s) => s.question.id));
  return [failure.detail('questionId'), ...failure.fieldNames]
    .filter((n): n is string => typeof n === 'string')
    .map(
      (n) =>
        n
          .split(/[.[\]]/)
          .filter(Boolean)
          .pop() ?? n,
    )
    .find((n) => asked.has(n));
}

/** The assessment to send: every asked answer, the chosen doses and the patient (spec 002). */
function assessmentOf({
  file,
  ctx,
  final,
  formId,
  loader,
  maintenance,
  patient,
}: {
  file: QuestionnaireFile;
  ctx: FlowContext;
  final: AnswerMap;
  formId: string;
  loader: LoaderState;
  maintenance: string;
  patient: QuestionnaireScreenProps['patient'];
}) {
  const doseQuestion = askedSequence(file, ctx, final).find(
    (s) => s.question.question_type === 'dose_optimization',
  );
  const chosen = doseQuestion ? final[doseQuestion.question.id] : undefined;
  const chosenDoses = Array.isArray(chosen) ? dosesFromAnswer(chosen) : [];
  const body = buildSubmission({
    file,
    ctx,
    answers: final,
    formId,
    form: loader.activeFrm,
    drug: loader.productName,
    paymentTerms: loader.paymentTerms,
    doses: chosenDoses,
    maintenance,
    patient: { ...patient, gender: loader.gender, state: loader.userState },
  });
  return body;
}

export function QuestionnaireScreen(props: QuestionnaireScreenProps) {
  const { formId, loader, file, stateRules, patient } = props;
  usePageTitle('Medical Assessment');
  const navigate = useNavigate();
  const form = loader.activeFrm;
  const ctx = useMemo<FlowContext>(
    () => ({
      form: form === 3 ? 'refill' : 'first',
      bareMeds: form === 2,
      state: loader.userState,
      gender: loader.gender,
      stateRules,
    }),
    [form, loader.userState, loader.gender, stateRules],
  );
  const [submitting, setSubmitting] = useState(false);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const finished = useRef(false);
  const flow = useQuestionFlow({ formId, file, loader, ctx, finished });
  const { answers, setAnswers, currentId, draft, setDraft } = flow;
  const { maintenance, stop, setStop, question, answerOf, goTo } = flow;
  const refund = useRefund(formId, finished);
  const heading = useHeadingOnArrival(currentId);

  function goBack() {
    if (submitting) return;
    if (flow.goBack()) setSubmitError(null);
  }
  function confirmationBack() {
    if (!flow.confirmationBack()) goBack();
  }

  async function submit(final: AnswerMap) {
    setSubmitting(true);
    setSubmitError(null);
    const body = assessmentOf({ file, ctx, final, formId, loader, maintenance, patient });
    try {
      const result = await sendAssessment(body);
      finished.current = true;
      clearProgress(formId);
      clearLoaderState();
      if (result.redirect.startsWith('/')) void navigate(result.redirect, { replace: true });
      else window.location.assign(result.redirect);
    } catch (error) {
      setSubmitting(false);
      setSubmitError(errorMessage(error, submitFailedText));
      // A 400 that names a question (a missing answer): go to it.
      const failure = toApiError(error);
      const named = namedQuestion(failure, askedSequence(file, ctx, final));
      if (!named) return;
      // A refused upload is no answer: the patient chooses another file, never keeps this one.
      const given = failure.detail('refusedUpload') === true ? without(final, [named]) : final;
      if (given !== final) setAnswers(given);
      goTo(named, given);
    }
  }

  function moveOn(given: AnswerMap, fromId: string) {
    if (submitting) return;
    const nextId = nextQuestionId(file, ctx, given, fromId);
    if (nextId === null) {
      void submit(given);
      return;
    }
    setSubmitError(null);
    goTo(nextId, given);
  }

  function answer(value: StoredAnswer) {
    if (!question || submitting) return;
    if (!mayProceed(question, value) || conflictingAnswerProblem(question, value, answerOf)) return;
    const given = { ...answers, [question.id]: value };
    setAnswers(given);
    setDraft(value);
    const nextId = nextQuestionId(file, ctx, given, question.id);
    const found = disqualification(file, ctx, given);
    if (
      found &&
      (question.important === true ||
        found.questionId === question.id ||
        found.questionId === nextId)
    ) {
      setStop(found.message || cannotProceedMessage);
      return;
    }
    moveOn(given, question.id);
  }

  return (
    <PageShell
      narrow
      className="mf"
      data-page="medical-form"
      data-question={question?.id}
      data-type={question?.question_type}
    >
      <ProgressBar
        className="mf-progress"
        label="Questions answered"
        percent={flow.percent}
        fillClassName="mf-progress__fill"
      />

      {flow.showBack && (
        <button type="button" className="mf-back" onClick={goBack} disabled={submitting}>
          <span aria-hidden="true">‹</span> Go Back
        </button>
      )}

      {question ? (
        <QuestionCard question={question} heading={heading} error={submitError}>
          <QuestionBody
            key={question.id}
            question={question}
            labelId="mf-question-label"
            draft={draft}
            onDraftChange={setDraft}
            onAnswer={answer}
            onContinue={() => moveOn(answers, question.id)}
            onBack={question.question_type === 'confirmation_buttons' ? confirmationBack : goBack}
            answerOf={answerOf}
            formId={formId}
            dose={flow.dose}
          />
        </QuestionCard>
      ) : (
        <NoQuestions />
      )}

      {form === 3 && <LaterRefillSideEffects formId={formId} />}

      {stop !== null && (
        <CannotProceedDialog
          message={stop}
          confirming={refund.confirming}
          paid={refund.paid}
          busy={refund.busy}
          error={refund.error}
          onResubmit={() => setStop(null)}
          onRefund={refund.ask}
          onKeep={refund.keep}
          onConfirm={refund.confirm}
        />
      )}

      {submitting && <SubmittingOverlay />}
    </PageShell>
  );
}
