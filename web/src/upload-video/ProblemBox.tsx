/**
 * A titled problem of the video page (spec 002 sections 5 and 8): its title, what happened and
 * what to do, announced at once (role="alert").
 *
 * Hooks for tests: .uv-problem, .uv-problem__title, .uv-problem__message, .uv-problem__hint.
 */
import type { VideoProblem } from './videoRules';

export function ProblemBox({ problem }: { problem: VideoProblem }) {
  return (
    <div className="uv-problem" role="alert">
      <p className="uv-problem__title">{problem.title}</p>
      <p className="uv-problem__message">{problem.message}</p>
      {problem.hint && <p className="uv-problem__hint">{problem.hint}</p>}
    </div>
  );
}
