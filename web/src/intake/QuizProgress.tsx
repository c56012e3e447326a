/**
 * "Step N of M" and a bar under it (the bar is decorative; the text is what assistive tech
 * reads). Rendered as two grid items of the quiz's top row, so the bar can span it.
 */
export function QuizProgress({ step, total }: { step: number; total: number }) {
  return (
    <>
      <p className="quiz-progress__text">
        Step {step} of {total}
      </p>
      <div className="quiz-progress__bar" aria-hidden="true">
        <span style={{ width: `${(step / total) * 100}%` }} />
      </div>
    </>
  );
}
