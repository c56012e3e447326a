import type { CaseSummary } from '@clinic/contracts';
import { orderNumber } from '@clinic/contracts';
import { useRowNavigation } from '../useRowNavigation';
import { drugLabel, monthsText, openStatuses, statusLabels, timeLeft, when } from './format';

/** The deadline of an answer the patient is waiting on, marked once it has passed. */
function AnswerBy({
  what,
  dueAt,
  className,
  now,
}: {
  what: string;
  dueAt: string;
  className: string;
  now: number;
}) {
  const overdue = Date.parse(dueAt) < now;
  return (
    <span className={overdue ? `${className} cq__overdue` : className}>
      {what}: answer by {when(dueAt)}
      {overdue && ' (overdue)'}
    </span>
  );
}

/** The side-effect report the patient is waiting on: an urgent one (a red flag) in red. */
function SideEffectDue({ report, now }: { report: CaseSummary['sideEffect']; now: number }) {
  if (!report) return null;
  return (
    <>
      {report.urgent && <span className="cq-badge cq-badge--urgent">Urgent</span>}
      <AnswerBy what="Side effect" dueAt={report.dueAt} className="cq__side-effect" now={now} />
    </>
  );
}

/** Weekly doses missed in a row: the patient waits for the clinician before their next dose. */
function MissedDosesDue({ missed, now }: { missed: CaseSummary['missedDoses']; now: number }) {
  if (!missed) return null;
  return (
    <>
      <span className="cq-badge cq-badge--missed-doses">Missed doses</span>
      <AnswerBy
        what={`${missed.missedInARow} weeks missed`}
        dueAt={missed.dueAt}
        className="cq__missed-doses"
        now={now}
      />
    </>
  );
}

/**
 * The cases of a tab, one row each: patient, state, drug, plan, the time left to the 24-hour
 * promise (or when it was decided), status, badges, an unanswered side-effect report or weeks of
 * missed doses, and who holds it. Arrow keys or j / k move through the rows, Enter (or a click) opens one. On a tablet
 * each row folds into two lines.
 */
export function CaseTable({
  cases,
  decided,
  onOpen,
  label,
}: {
  cases: readonly CaseSummary[];
  /** Decided cases show when they were decided instead of the time left. */
  decided: boolean;
  onOpen(orderId: number): void;
  /** The table's accessible name. */
  label: string;
}) {
  const now = Date.now();
  const { onKeyDown, rowProps } = useRowNavigation(cases.length, '.cq tbody', (index) =>
    onOpen(cases[index]!.orderId),
  );

  return (
    <div className="cq-wrap">
      <table className="cq" aria-label={label}>
        <thead>
          <tr>
            <th scope="col">Patient</th>
            <th scope="col">State</th>
            <th scope="col">Medication</th>
            <th scope="col">Plan</th>
            <th scope="col">{decided ? 'Decided' : 'Time left'}</th>
            <th scope="col">Status</th>
            <th scope="col">{decided ? 'Clinician' : 'Held by'}</th>
          </tr>
        </thead>
        <tbody onKeyDown={onKeyDown}>
          {cases.map((summary, index) => {
            // The closest promise: a side-effect report's or missed doses' answer, or an open
            // case's review (a decided case back in the queue for an answer has no review to
            // promise).
            const due = [
              summary.sideEffect?.dueAt,
              summary.missedDoses?.dueAt,
              openStatuses.includes(summary.status) ? summary.dueAt : null,
            ]
              .filter((d): d is string => !!d)
              .sort()[0];
            const left = timeLeft(due ?? null, now);
            return (
              <tr
                key={summary.orderId}
                {...rowProps(index)}
                className="cq__row"
                data-order-id={summary.orderId}
                onClick={() => onOpen(summary.orderId)}
              >
                <th scope="row" className="cq__patient">
                  <span className="cq__name">{summary.patientName}</span>
                  <span className="cq__order">Order {orderNumber(summary.orderId)}</span>
                </th>
                <td className="cq__state">{summary.state}</td>
                <td className="cq__drug">{drugLabel(summary.drug)}</td>
                <td className="cq__plan">
                  {summary.plan}
                  <span className="cq__order">{monthsText(summary.paymentTerms)}</span>
                </td>
                <td className="cq__due">
                  {decided ? (
                    when(summary.decidedAt)
                  ) : left ? (
                    <span className={left.overdue ? 'cq__overdue' : undefined}>{left.text}</span>
                  ) : summary.videoRequired && !summary.videoReceived ? (
                    'Waiting for the video'
                  ) : (
                    '—'
                  )}
                </td>
                <td className="cq__status">
                  <span className={`cq-status cq-status--${summary.status}`}>
                    {statusLabels[summary.status]}
                  </span>
                  {summary.refillCheckIn && <span className="cq-badge">Refill check-in</span>}
                  {summary.adjustmentRequested && (
                    <span className="cq-badge">Adjustment requested</span>
                  )}
                  <SideEffectDue report={summary.sideEffect} now={now} />
                  <MissedDosesDue missed={summary.missedDoses} now={now} />
                </td>
                <td className="cq__holder">{summary.claimedBy?.name ?? 'Unclaimed'}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
