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
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  answerByKey,
  askedSequence,
  cannotProceedMessage,
  conflictingAnswerProblem,
  disqualification,
  mayProceed,
  nextQuestionId,
  previousQuestion,
  questionIds,
  questionsById,
  type FlowContext,
  type QuestionnaireFile,
} from '@clinic/contracts';
import { errorMessage, toApiError } from '../api/client';
import { usePageTitle } from '../components/usePageTitle';
import { FormMessage, PageShell, ProgressBar } from '../ui';
import { CannotProceedDialog, type PaidAmount } from './CannotProceedDialog';
import {
  defaultMaintenance,
  DEFAULT_MONTHS,
  doseAnswer,
  dosesFromAnswer,
  prefilledDoses,
  type DoseContext,
} from './doseChoices';
import { readFormsOrder, requestRefund, sendAssessment } from './formsApi';
import { clearLoaderState, type LoaderState } from './loaderState';
import {
  clearProgress,
  loadProgress,
  newSessionId,
  PROGRESS_VERSION,
  saveProgress,
  type StoredAnswer,
} from './progressStore';
import { QuestionBody } from './QuestionBody';
import { buildSubmission, type PatientInfo } from './submission';

type AnswerMap = Record<string, StoredAnswer>;

export interface QuestionnaireScreenProps {
  formId: string;
  loader: LoaderState;
  file: QuestionnaireFile;
  /** The logged-in patient's name and email, when the session has them. */
  patient: Omit<PatientInfo, 'gender' | 'state'>;
}

export const submitFailedText =
  'We could not submit your form. Please check your answers and try again.';
export const refundFailedText =
  'We could not process your refund. Please try again or contact support.';

const isStopScreen = (q: { question_type: string; has_next_button?: boolean } | undefined) =>
  q?.question_type === 'informational' && q.has_next_button === false;

function without(answers: AnswerMap, ids: readonly string[]): AnswerMap {
  const next = { ...answers };
  for (const id of ids) delete next[id];
  return next;
}

interface Start {
  answers: AnswerMap;
  currentId: string | null;
  draft: StoredAnswer | null;
  doses: string[];
  maintenance: string;
}

/** Where the form starts: the saved progress (position limited to the last question), or the top. */
function startOf(formId: string, file: QuestionnaireFile, ctx: FlowContext, loader: LoaderState) {
  const byId = questionsById(file);
  const doseCtx = (answers: AnswerMap): DoseContext => ({
    drug: loader.productName,
    form: loader.activeFrm,
    currentDose: loader.currentDose,
    answers,
  });
  const arrive = (start: Start): Start => {
    const q = start.currentId === null ? undefined : byId.get(start.currentId);
    if (q?.question_type !== 'dose_optimization' || start.doses.some((d) => d !== '')) return start;
    const doses = prefilledDoses(doseCtx(start.answers), DEFAULT_MONTHS);
    return { ...start, doses, draft: doseAnswer(doses) };
  };
  const top: Start = {
    answers: {},
    currentId: askedSequence(file, ctx, {})[0]?.question.id ?? null,
    draft: null,
    doses: [],
    maintenance: defaultMaintenance(loader.productName),
  };
  const saved = loadProgress(formId, Date.now());
  if (!saved) return arrive(top);
  const record = saved.record;
  // Answers of questions the file no longer has are left behind.
  const answers = Object.fromEntries(
    Object.entries(record.answers).filter(([id]) => byId.has(id)),
  ) as AnswerMap;
  const steps = askedSequence(file, ctx, answers);
  if (steps.length === 0) return arrive(top);
  let at = steps.findIndex((s) => s.question.id === record.currentQuestionId);
  if (at < 0) at = Math.min(record.currentQuestionIndex, steps.length - 1);
  const currentId = steps[at]!.question.id;
  const sameDrug = record.selectedDrug === loader.productName;
  return arrive({
    answers,
    currentId,
    draft:
      record.currentQuestionId === currentId ? record.currentAnswer : (answers[currentId] ?? null),
    doses: sameDrug ? record.selectedDoses : [],
    maintenance: (sameDrug && record.maintanenceDose) || top.maintenance,
  });
}

export function QuestionnaireScreen({ formId, loader, file, patient }: QuestionnaireScreenProps) {
  usePageTitle('Medical Assessment');
  const navigate = useNavigate();
  const form = loader.activeFrm;
  const ctx = useMemo<FlowContext>(
    () => ({
      form: form === 3 ? 'refill' : 'first',
      bareMeds: form === 2,
      state: loader.userState,
      gender: loader.gender,
    }),
    [form, loader.userState, loader.gender],
  );
  const byId = useMemo(() => questionsById(file), [file]);
  const [start] = useState(() => startOf(formId, file, ctx, loader));
  const [answers, setAnswers] = useState<AnswerMap>(start.answers);
  const [currentId, setCurrentId] = useState<string | null>(start.currentId);
  const [draft, setDraft] = useState<StoredAnswer | null>(start.draft);
  const [doses, setDoses] = useState<string[]>(start.doses);
  const [maintenance, setMaintenance] = useState(start.maintenance);
  const [stop, setStop] = useState<string | null>(() => {
    const q = start.currentId === null ? undefined : byId.get(start.currentId);
    return isStopScreen(q) ? (q?.description ?? cannotProceedMessage) : null;
  });
  const [confirmingRefund, setConfirmingRefund] = useState(false);
  const [paid, setPaid] = useState<PaidAmount>(undefined);
  const [refundBusy, setRefundBusy] = useState(false);
  const [refundError, setRefundError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const visit = useRef({ sessionId: newSessionId(), loadedAt: Date.now() });
  const finished = useRef(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const firstQuestion = useRef(currentId);

  const steps = useMemo(() => askedSequence(file, ctx, answers), [file, ctx, answers]);
  const question = currentId === null ? undefined : byId.get(currentId);
  const answerOf = useMemo(() => answerByKey(file, answers), [file, answers]);
  const doseCtx = (given: AnswerMap): DoseContext => ({
    drug: loader.productName,
    form,
    currentDose: loader.currentDose,
    answers: given,
  });

  // Saved on every change (spec 002 section 4, "Progress restore").
  useEffect(() => {
    if (finished.current || currentId === null) return;
    const now = Date.now();
    const index = Math.max(
      0,
      steps.findIndex((s) => s.question.id === currentId),
    );
    const multipleChoiceAnswers = Object.fromEntries(
      Object.entries(answers).filter(
        ([id, a]) => Array.isArray(a) && byId.get(id)?.question_type === 'multiple_option',
      ),
    ) as Record<string, string[]>;
    saveProgress(formId, {
      currentQuestionIndex: index,
      currentQuestionId: currentId,
      answers,
      multipleChoiceAnswers,
      currentAnswer: draft,
      maintanenceDose: maintenance,
      selectedDoses: doses,
      selectedDrug: loader.productName,
      productPurchased: loader.productName,
      months: doses.length || DEFAULT_MONTHS,
      savedAt: now,
      sessionId: visit.current.sessionId,
      url: `${window.location.pathname}${window.location.search}`,
      userAgent: navigator.userAgent,
      crashRecovery: {
        lastActiveTimestamp: now,
        pageLoadTimestamp: visit.current.loadedAt,
        totalAnswersCount: Object.keys(answers).length,
        isFormComplete: false,
      },
      version: PROGRESS_VERSION,
    });
  }, [formId, answers, currentId, draft, doses, maintenance, steps, byId, loader.productName]);

  // A new question takes the focus (and the reader's attention) to its heading.
  useEffect(() => {
    if (currentId === firstQuestion.current) return;
    firstQuestion.current = null;
    heading.current?.focus();
    if (typeof window.scrollTo === 'function') window.scrollTo(0, 0);
  }, [currentId]);

  function goTo(id: string, given: AnswerMap) {
    const target = byId.get(id);
    setCurrentId(id);
    if (target?.question_type === 'dose_optimization') {
      const existing = given[id];
      const next =
        Array.isArray(existing) && existing.length > 0
          ? dosesFromAnswer(existing)
          : prefilledDoses(doseCtx(given), DEFAULT_MONTHS);
      setDoses(next);
      setDraft(doseAnswer(next));
    } else {
      setDraft(given[id] ?? null);
    }
    if (isStopScreen(target)) setStop(target?.description ?? cannotProceedMessage);
  }

  async function submit(final: AnswerMap) {
    setSubmitting(true);
    setSubmitError(null);
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
      form,
      drug: loader.productName,
      paymentTerms: loader.paymentTerms,
      doses: chosenDoses,
      maintenance,
      patient: { ...patient, gender: loader.gender, state: loader.userState },
    });
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
      const asked = new Set(askedSequence(file, ctx, final).map((s) => s.question.id));
      const named = [failure.detail('questionId'), ...failure.fieldNames]
        .filter((n): n is string => typeof n === 'string')
        .map(
          (n) =>
            n
              .split(/[.[\]]/)
              .filter(Boolean)
              .pop() ?? n,
        )
        .find((n) => asked.has(n));
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

  function goBack() {
    if (!currentId || submitting) return;
    const previous = previousQuestion(file, ctx, answers, currentId);
    if (!previous) {
      // Spec 002 section 4: from the first question of form 1 or 2, back in browser history.
      if (form !== 3) void navigate(-1);
      return;
    }
    const given = without(answers, [currentId, ...previous.clear]);
    setAnswers(given);
    setSubmitError(null);
    goTo(previous.id, given);
  }

  function confirmationBack() {
    // Spec 002 section 4, "Confirmation step": Back clears 8_confirm and 8, and returns to 8.
    if (question?.id === questionIds.confirmNoGlp1 && byId.has(questionIds.glp1Use)) {
      const given = without(answers, [questionIds.confirmNoGlp1, questionIds.glp1Use]);
      setAnswers(given);
      goTo(questionIds.glp1Use, given);
      return;
    }
    goBack();
  }

  /** Process Refund: first the confirmation, with what the order cost (read afresh). */
  function askToRefund() {
    setConfirmingRefund(true);
    setRefundError(null);
    setPaid(undefined);
    readFormsOrder(formId).then(
      (order) => setPaid(order.paidCents),
      // The confirmation still says what happens, without the figure.
      () => setPaid(null),
    );
  }

  async function refund() {
    setRefundBusy(true);
    setRefundError(null);
    try {
      const message = await requestRefund(formId);
      finished.current = true;
      clearProgress(formId);
      clearLoaderState();
      void navigate(`/sorry?message=${encodeURIComponent(message)}`, { replace: true });
    } catch (error) {
      setRefundBusy(false);
      setRefundError(errorMessage(error, refundFailedText));
    }
  }

  const needing = steps.filter((s) => s.question.question_type !== 'informational');
  const answeredCount = needing.filter((s) =>
    mayProceed(s.question, answers[s.question.id]),
  ).length;
  const percent = needing.length === 0 ? 0 : Math.round((answeredCount / needing.length) * 100);
  const atFirst = currentId !== null && steps[0]?.question.id === currentId;
  const showBack = !(atFirst && form === 3);

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
        percent={percent}
        fillClassName="mf-progress__fill"
      />

      {showBack && (
        <button type="button" className="mf-back" onClick={goBack} disabled={submitting}>
          <span aria-hidden="true">‹</span> Go Back
        </button>
      )}

      {question ? (
        <section className="mf-card card" aria-labelledby="mf-question-label">
          <h1 id="mf-question-label" className="mf-question__label" ref={heading} tabIndex={-1}>
            {question.label}
          </h1>
          {question.sublabel && <p className="mf-question__sublabel">{question.sublabel}</p>}
          {question.description && (
            <p className="mf-question__description">{question.description}</p>
          )}
          <FormMessage kind="error" className="mf-error">
            {submitError}
          </FormMessage>
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
            dose={{
              ctx: doseCtx(answers),
              doses,
              onDosesChange: (next) => {
                setDoses(next);
                setDraft(doseAnswer(next));
              },
              maintenance,
              onMaintenanceChange: setMaintenance,
            }}
          />
        </section>
      ) : (
        <section className="mf-card card">
          <h1 className="mf-question__label">This form has no questions to show.</h1>
          <p className="mf-question__description">Please try again later or contact support.</p>
        </section>
      )}

      {stop !== null && (
        <CannotProceedDialog
          message={stop}
          confirming={confirmingRefund}
          paid={paid}
          busy={refundBusy}
          error={refundError}
          onResubmit={() => setStop(null)}
          onRefund={askToRefund}
          onKeep={() => {
            setConfirmingRefund(false);
            setRefundError(null);
          }}
          onConfirm={() => void refund()}
        />
      )}

      {submitting && (
        <div className="mf-overlay" role="status" aria-live="polite">
          <span className="mf-spinner" aria-hidden="true" />
          <p className="mf-overlay__text">Please wait... Submitting form!</p>
        </div>
      )}
    </PageShell>
  );
}
