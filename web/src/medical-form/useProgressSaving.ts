/**
 * The questionnaire's progress saved in the browser on every change (spec 002 section 4,
 * "Progress restore"), until the form is finished.
 */
import { useEffect, useRef, type RefObject } from 'react';
import type { AskedStep, Question } from '@clinic/contracts';
import { DEFAULT_MONTHS } from './doseChoices';
import { newSessionId, PROGRESS_VERSION, saveProgress, type StoredAnswer } from './progressStore';

export interface FormPosition {
  answers: Record<string, StoredAnswer>;
  currentId: string | null;
  draft: StoredAnswer | null;
  doses: string[];
  maintenance: string;
  steps: readonly AskedStep[];
  byId: ReadonlyMap<string, Question>;
}

export function useProgressSaving(
  formId: string,
  productName: string,
  finished: RefObject<boolean>,
  { answers, currentId, draft, doses, maintenance, steps, byId }: FormPosition,
) {
  const visit = useRef({ sessionId: newSessionId(), loadedAt: Date.now() });
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
      selectedDrug: productName,
      productPurchased: productName,
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
  }, [formId, answers, currentId, draft, doses, maintenance, steps, byId, productName, finished]);
}
