import { formatUsDate, type PrivacyRequestView } from '@clinic/contracts';
import { Button } from '../../ui';
import { deadlineText, kindLabels, stateLabels } from './labels';

/** Who took a step and on which day: "Verified by Alex Admin, Nov 27, 2026". */
function StepLine({ what, by, at }: { what: string; by: string | null; at: string | null }) {
  if (!at) return null;
  return (
    <span className="pv-row__sub">
      {what}
      {by ? ` by ${by}` : ''}, {formatUsDate(at)}
    </span>
  );
}

/** The next step's button, or on a done request the note of what was sent or done. */
function NextStep({
  request,
  onStep,
}: {
  request: PrivacyRequestView;
  onStep(request: PrivacyRequestView): void;
}) {
  if (request.state === 'done')
    return (
      <p className="pv-note">
        <span className="pv-note__label">Closing note</span>
        {request.closingNote}
      </p>
    );
  const verify = request.state === 'received';
  return (
    <Button variant={verify ? 'secondary' : 'primary'} size="small" onClick={() => onStep(request)}>
      {verify ? 'Mark verified' : 'Mark done'}
    </Button>
  );
}

/**
 * One request: a table row on a laptop, a card on a phone (privacy.css). Its last cell holds the
 * steps taken, then the next one's button (which asks the page to open the step's dialog,
 * outside the table) or, once done, the closing note.
 */
export function PrivacyRequestRow({
  request,
  onStep,
}: {
  request: PrivacyRequestView;
  onStep(request: PrivacyRequestView): void;
}) {
  return (
    <tr
      className={`pv-row${request.overdue ? ' pv-row--overdue' : ''}`}
      data-reference={request.reference}
      data-state={request.state}
    >
      <th scope="row" className="pv-row__ref">
        <code>{request.reference}</code>
      </th>
      <td className="pv-row__kind">{kindLabels[request.requestType]}</td>
      <td className="pv-row__who">
        <span className="pv-row__name">{request.name}</span>
        <span className="pv-row__sub">
          {request.requesterState} · <span className="pv-row__email">{request.email}</span>
        </span>
        {request.details && (
          <details className="pv-details">
            <summary>Their words</summary>
            <p>{request.details}</p>
          </details>
        )}
      </td>
      <td className="pv-row__received">
        <span className="pv-label pv-label--shown">Received</span>
        <span className="pv-date">{formatUsDate(request.receivedAt)}</span>
      </td>
      <td className="pv-row__due">
        <span className="pv-label pv-label--shown">Due</span>
        <span className="pv-date">{formatUsDate(request.dueAt)}</span>
        <span className={`pv-row__left${request.overdue ? ' pv-row__left--overdue' : ''}`}>
          {deadlineText(request)}
        </span>
      </td>
      <td className="pv-row__state">
        <span className={`cq-status pv-state pv-state--${request.state}`}>
          {stateLabels[request.state]}
        </span>
        {request.overdue && <span className="cq-status pv-state pv-state--overdue">Overdue</span>}
      </td>
      <td className="pv-row__steps">
        <StepLine what="Verified" by={request.verifiedBy} at={request.verifiedAt} />
        <StepLine what="Done" by={request.closedBy} at={request.closedAt} />
        <NextStep request={request} onStep={onStep} />
      </td>
    </tr>
  );
}
