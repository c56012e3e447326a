import { useEffect, useRef, type ReactNode, type RefObject } from 'react';
import type { Question } from '@clinic/contracts';
import { FormMessage } from '../ui';

/** One question's card: its label (focused on arrival), sublabel, description and the failure. */
export function QuestionCard({
  question,
  heading,
  error,
  children,
}: {
  question: Question;
  heading: RefObject<HTMLHeadingElement | null>;
  error: string | null;
  children: ReactNode;
}) {
  return (
    <section className="mf-card card" aria-labelledby="mf-question-label">
      <h1 id="mf-question-label" className="mf-question__label" ref={heading} tabIndex={-1}>
        {question.label}
      </h1>
      {question.sublabel && <p className="mf-question__sublabel">{question.sublabel}</p>}
      {question.description && <p className="mf-question__description">{question.description}</p>}
      <FormMessage kind="error" className="mf-error">
        {error}
      </FormMessage>
      {children}
    </section>
  );
}

/**
 * The question heading's ref: a new question (not the one the page opened on) takes the focus,
 * and the reader's attention, to its heading, at the top of the page.
 */
export function useHeadingOnArrival(currentId: string | null) {
  const heading = useRef<HTMLHeadingElement>(null);
  const firstQuestion = useRef(currentId);
  useEffect(() => {
    if (currentId === firstQuestion.current) return;
    firstQuestion.current = null;
    heading.current?.focus();
    if (typeof window.scrollTo === 'function') window.scrollTo(0, 0);
  }, [currentId]);
  return heading;
}

export function NoQuestions() {
  return (
    <section className="mf-card card">
      <h1 className="mf-question__label">This form has no questions to show.</h1>
      <p className="mf-question__description">Please try again later or contact support.</p>
    </section>
  );
}

/** While the assessment is sent: the page waits under a spinner. */
export function SubmittingOverlay() {
  return (
    <div className="mf-overlay" role="status" aria-live="polite">
      <span className="mf-spinner" aria-hidden="true" />
      <p className="mf-overlay__text">Please wait... Submitting form!</p>
    </div>
  );
}
