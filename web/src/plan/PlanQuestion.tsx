import { useEffect, useRef, type ReactNode } from 'react';

interface Props {
  /** Identifies the question; the heading takes the focus when it changes. */
  id: string;
  title: string;
  onBack?: () => void;
  children: ReactNode;
}

/** One plan-page question: Go Back, the heading (focused on change) and the answers. */
export function PlanQuestion({ id, title, onBack, children }: Props) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const shown = useRef(id);

  useEffect(() => {
    if (shown.current === id) return;
    shown.current = id;
    headingRef.current?.focus();
  }, [id]);

  return (
    <section className="plan__question" aria-labelledby="plan-question-title">
      {onBack && (
        <button type="button" className="quiz__back" onClick={onBack}>
          Go Back
        </button>
      )}
      <h1 id="plan-question-title" ref={headingRef} tabIndex={-1} className="plan__title">
        {title}
      </h1>
      {children}
    </section>
  );
}
