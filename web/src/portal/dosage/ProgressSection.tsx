/**
 * "Your progress" in the Dosage tab (issue 17, part 5): the patient's reported weights as a line
 * (starting weight, latest weight and the change), and the dose timeline of the selected
 * prescription (its months' strengths and when its shipments shipped and arrived). The chart
 * library loads lazily (WeightChart) and only with two weights or more; the numbers are always
 * given as text and in a table, the chart's text alternative.
 */
import { Suspense, lazy } from 'react';
import { useQuery } from '@tanstack/react-query';
import { formatDoseMg, formatUsDate, type ProgressItem } from '@clinic/contracts';
import {
  changeText,
  doseSteps,
  formatPounds,
  oldestFirst,
  progressTexts,
  shipmentKindLabels,
  shipmentsOf,
  weightSentence,
  weightSourceLabels,
  weightSummary,
} from './progress';
import { weightHistoryQuery } from './weightHistoryApi';
import './progress.css';

const WeightChart = lazy(() => import('./WeightChart'));

function WeightProgress() {
  const { data, isPending, isError } = useQuery(weightHistoryQuery);
  if (isPending)
    return (
      <p className="progress__note" role="status">
        {progressTexts.loading}
      </p>
    );
  if (isError && !data) return <p className="progress__note">{progressTexts.loadFailed}</p>;

  const weights = oldestFirst(data.weights);
  const summary = weightSummary(weights);
  if (!summary || weights.length < 2)
    return (
      <div className="progress-weight">
        {summary && (
          <dl className="progress-figures">
            <div>
              <dt>{progressTexts.start}</dt>
              <dd>{formatPounds(summary.start.pounds)}</dd>
            </div>
          </dl>
        )}
        <p className="progress__note">{progressTexts.tooFew}</p>
      </div>
    );

  const sentence = weightSentence(summary, weights.length, (iso) => formatUsDate(iso));
  return (
    <div className="progress-weight">
      <dl className="progress-figures">
        <div>
          <dt>{progressTexts.start}</dt>
          <dd>{formatPounds(summary.start.pounds)}</dd>
        </div>
        <div>
          <dt>{progressTexts.latest}</dt>
          <dd>{formatPounds(summary.latest.pounds)}</dd>
        </div>
      </dl>
      <p className="progress-change" data-trend={Math.sign(summary.change)}>
        {changeText(summary.change)}
      </p>
      <figure className="progress-chart">
        <Suspense fallback={<div className="progress-chart__plot" aria-hidden="true" />}>
          <WeightChart weights={weights} />
        </Suspense>
        <figcaption className="visually-hidden">{sentence}</figcaption>
      </figure>
      <details className="progress-numbers">
        <summary>{progressTexts.numbers}</summary>
        <table className="progress-table">
          <thead>
            <tr>
              <th scope="col">{progressTexts.date}</th>
              <th scope="col">{progressTexts.pounds}</th>
              <th scope="col">{progressTexts.from}</th>
            </tr>
          </thead>
          <tbody>
            {weights.map((w, i) => (
              <tr key={`${w.at}-${i}`}>
                <td>{formatUsDate(w.at)}</td>
                <td>{Number(w.pounds.toFixed(1))}</td>
                <td>{weightSourceLabels[w.source]}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </div>
  );
}

function DoseTimeline({
  item,
  items,
  headingId,
}: {
  item: ProgressItem;
  items: readonly ProgressItem[];
  headingId: string;
}) {
  const steps = doseSteps(item);
  const shipments = shipmentsOf(item, items);
  return (
    <section className="progress-doses" aria-labelledby={`${headingId}-doses`}>
      <h4 id={`${headingId}-doses`} className="dosage-plan__heading">
        {progressTexts.doses}
      </h4>
      {steps.length > 0 && (
        <ol className="dose-timeline">
          {steps.map((s) => (
            <li key={s.month} className="dose-timeline__step" data-month={s.month}>
              <span className="dose-timeline__bar" aria-hidden="true">
                <span style={{ height: `${Math.max(8, Math.round(s.share * 100))}%` }} />
              </span>
              <span className="dose-timeline__mg">{formatDoseMg(s.strength)}</span>
              <span className="dose-timeline__month">{s.title}</span>
            </li>
          ))}
        </ol>
      )}
      <h5 className="progress-doses__subheading">{progressTexts.shipments}</h5>
      {shipments.length === 0 ? (
        <p className="progress__note">{progressTexts.noShipments}</p>
      ) : (
        <ol className="shipment-timeline">
          {shipments.map((s) => (
            <li key={s.itemId} className="shipment-timeline__item">
              <span className="shipment-timeline__kind">{shipmentKindLabels[s.kind]}</span>
              <span>Shipped {formatUsDate(s.shippedAt)}</span>
              {s.deliveredAt && <span>Delivered {formatUsDate(s.deliveredAt)}</span>}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** The section, for the selected prescription among the patient's order items. */
export function ProgressSection({
  item,
  items,
  headingId,
}: {
  item: ProgressItem;
  items: readonly ProgressItem[];
  headingId: string;
}) {
  return (
    <section className="progress" aria-labelledby={headingId}>
      <h3 id={headingId} className="progress__title">
        {progressTexts.title}
      </h3>
      <div className="progress__columns">
        <section className="progress__weight" aria-labelledby={`${headingId}-weight`}>
          <h4 id={`${headingId}-weight`} className="dosage-plan__heading">
            {progressTexts.weight}
          </h4>
          <WeightProgress />
        </section>
        <DoseTimeline item={item} items={items} headingId={headingId} />
      </div>
    </section>
  );
}
