import type { FunnelGroup, FunnelStep } from '@clinic/contracts';
import { peopleText, rateText, stepLabel, stepOf } from './figures';

/** The main path through the funnel, in order; the side steps are in the table. */
const chartSteps: FunnelStep[] = [
  'visit',
  'lead-qualified',
  'cart-saved',
  'paid',
  'assessment-submitted',
  'approved',
  'shipped',
  'renewed',
];

/**
 * The funnel as bars, each as long as its people against the widest step, with the conversion
 * from the step before. A small cell ("<11") draws a sliver: its size is not ours to show.
 */
export function FunnelChart({ total }: { total: FunnelGroup }) {
  const peopleAt = (step: FunnelStep) => {
    const people = stepOf(total, step)?.people ?? 0;
    return typeof people === 'number' ? people : 0;
  };
  const widest = Math.max(1, ...chartSteps.map(peopleAt));
  return (
    <figure className="mk-chart" aria-label="Funnel chart">
      <ol className="mk-chart__steps">
        {chartSteps.map((step) => {
          const figures = stepOf(total, step);
          const people = figures?.people ?? 0;
          const share = typeof people === 'number' ? people / widest : 0.01;
          return (
            <li key={step} className="mk-chart__step">
              <span className="mk-chart__label">{stepLabel(step)}</span>
              <span className="mk-chart__track" aria-hidden="true">
                <span
                  className={`mk-chart__bar${typeof people === 'number' ? '' : ' mk-chart__bar--small'}`}
                  style={{ width: `${Math.max(share * 100, people === 0 ? 0 : 1)}%` }}
                />
              </span>
              <span className="mk-chart__people">{peopleText(people)}</span>
              <span className="mk-chart__rate">
                {step === 'visit' ? '' : rateText(figures?.rate ?? null)}
              </span>
            </li>
          );
        })}
      </ol>
      <figcaption className="mk-chart__caption">
        People reaching each step in the range, and the share of the step before who did.
      </figcaption>
    </figure>
  );
}
