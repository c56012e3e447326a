/**
 * The Dosage tab's "Dose log" (issue 31, item 2): each dose the patient logged, newest first,
 * with its day, strength, site and the weight given with it; "No doses logged yet." before the
 * first. GET /api/care/doses (careApi), refreshed when the "This week" card logs a dose. Under the
 * list, "Report a side effect" for the order of the "This week" card, when there is one.
 */
import { useQuery } from '@tanstack/react-query';
import { formatDoseMg, formatUsDate, injectionSiteLabels } from '@clinic/contracts';
import { doseLogQuery } from './careApi';
import { careTexts } from './careTexts';
import { ReportSideEffectOnCurrentOrder } from './ReportSideEffect';
import './care.css';

export function DoseLog({
  headingId,
  headingClassName,
}: {
  headingId: string;
  /** The heading's look, the tab's own. */
  headingClassName?: string;
}) {
  const { data, isPending, isError } = useQuery(doseLogQuery);
  const doses = [...(data ?? [])].sort(
    (a, b) => b.taken_on.localeCompare(a.taken_on) || b.logged_at.localeCompare(a.logged_at),
  );
  return (
    <section className="care-log" aria-labelledby={headingId}>
      <h4 id={headingId} className={headingClassName}>
        {careTexts.logTitle}
      </h4>
      {isPending ? (
        <p className="care-log__note" role="status">
          {careTexts.logLoading}
        </p>
      ) : isError && !data ? (
        <p className="care-log__note">{careTexts.logFailed}</p>
      ) : doses.length === 0 ? (
        <p className="care-log__note">{careTexts.logEmpty}</p>
      ) : (
        <ol className="care-log__list">
          {doses.map((dose) => (
            <li key={dose.id} className="care-log__dose" data-dose-id={dose.id}>
              <span className="care-log__day">{formatUsDate(dose.taken_on)}</span>
              <span className="care-log__mg">{formatDoseMg(dose.strength)}</span>
              <span className="care-log__site">{injectionSiteLabels[dose.site]}</span>
              {dose.weight_lbs !== null && (
                <span className="care-log__weight">{`${Number(dose.weight_lbs.toFixed(1))} lb`}</span>
              )}
            </li>
          ))}
        </ol>
      )}
      <ReportSideEffectOnCurrentOrder level={5} />
    </section>
  );
}
