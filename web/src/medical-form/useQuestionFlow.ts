/**
 * Where the questionnaire is (spec 002 sections 2 and 4), for QuestionnaireScreen: the answers,
 * the current question and its draft, the dose schedule, the 'We Cannot Proceed' stop, moving to
 * a question (a dose question prefilled), Go Back by `previousQuestion`, and the progress bar.
 * It starts from the saved progress and saves it on every change.
 */
import { useMemo, useState, type RefObject } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  answerByKey,
  askedSequence,
  cannotProceedMessage,
  mayProceed,
  previousQuestion,
  questionIds,
  questionsById,
  type FlowContext,
  type QuestionnaireFile,
} from '@clinic/contracts';
import {
  defaultMaintenance,
  DEFAULT_MONTHS,
  doseAnswer,
  dosesFromAnswer,
  prefilledDoses,
  type DoseContext,
} from './doseChoices';
import type { LoaderState } from './loaderState';
import { loadProgress, type StoredAnswer } from './progressStore';
import { useProgressSaving } from './useProgressSaving';

export type AnswerMap = Record<string, StoredAnswer>;

export const isStopScreen = (q: { question_type: string; has_next_button?: boolean } | undefined) =>
  q?.question_type === 'informational' && q.has_next_button === false;

export function without(answers: AnswerMap, ids: readonly string[]): AnswerMap {
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

export function useQuestionFlow({
  formId,
  file,
  loader,
  ctx,
  finished,
}: {
  formId: string;
  file: QuestionnaireFile;
  loader: LoaderState;
  ctx: FlowContext;
  finished: RefObject<boolean>;
}) {
  const navigate = useNavigate();
  const form = loader.activeFrm;
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
  useProgressSaving(formId, loader.productName, finished, {
    answers,
    currentId,
    draft,
    doses,
    maintenance,
    steps,
    byId,
  });

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

  /** Go Back: the previous question, its answers cleared; true when it moved within the form. */
  function goBack(): boolean {
    if (!currentId) return false;
    const previous = previousQuestion(file, ctx, answers, currentId);
    if (!previous) {
      // Spec 002 section 4: from the first question of form 1 or 2, back in browser history.
      if (form !== 3) void navigate(-1);
      return false;
    }
    const given = without(answers, [currentId, ...previous.clear]);
    setAnswers(given);
    goTo(previous.id, given);
    return true;
  }

  /** The confirmation's Back; false when it is an ordinary Go Back. */
  function confirmationBack(): boolean {
    // Spec 002 section 4, "Confirmation step": Back clears 8_confirm and 8, and returns to 8.
    if (question?.id === questionIds.confirmNoGlp1 && byId.has(questionIds.glp1Use)) {
      const given = without(answers, [questionIds.confirmNoGlp1, questionIds.glp1Use]);
      setAnswers(given);
      goTo(questionIds.glp1Use, given);
      return true;
    }
    return false;
  }

  const needing = steps.filter((s) => s.question.question_type !== 'informational');
  const answeredCount = needing.filter((s) =>
    mayProceed(s.question, answers[s.question.id]),
  ).length;
  const percent = needing.length === 0 ? 0 : Math.round((answeredCount / needing.length) * 100);
  const atFirst = currentId !== null && steps[0]?.question.id === currentId;
  const showBack = !(atFirst && form === 3);

  /** The dose question's schedule and maintenance dose, as QuestionBody edits them. */
  const dose = {
    ctx: doseCtx(answers),
    doses,
    onDosesChange: (next: string[]) => {
      setDoses(next);
      setDraft(doseAnswer(next));
    },
    maintenance,
    onMaintenanceChange: setMaintenance,
  };
  return {
    ...{ answers, setAnswers, currentId, draft, setDraft, doses, setDoses },
    ...{ maintenance, setMaintenance, stop, setStop, steps, question, answerOf, doseCtx },
    ...{ goTo, goBack, confirmationBack, percent, showBack, dose },
  };
}
