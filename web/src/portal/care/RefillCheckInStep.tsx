/**
 * A refill check-in waiting for the patient (issue 31, item 5), as a next step above the week's
 * card: what it is, when the refill ships once it is done, and the button to its form. The
 * reminders link to the same form; the portal must not leave it to them.
 *
 * Hooks for end-to-end tests: section#refill-check-in[data-order-id], a#refill-check-in-start.
 */
import { Link } from 'react-router-dom';
import type { ThisWeek } from '@clinic/contracts';
import { careTexts, formatShipDay } from './careTexts';

export function RefillCheckInStep({
  checkIn,
}: {
  checkIn: NonNullable<ThisWeek['refill_check_in']>;
}) {
  return (
    <section
      id="refill-check-in"
      className="card next-step"
      aria-labelledby="refill-check-in-title"
      data-order-id={checkIn.order_id}
    >
      <div className="next-step__body">
        <h2 id="refill-check-in-title" className="next-step__title">
          {careTexts.checkInTitle}
        </h2>
        <p className="next-step__lead">
          {checkIn.ship_on
            ? careTexts.checkInLead(formatShipDay(checkIn.ship_on))
            : careTexts.checkInLeadNoDate}
        </p>
      </div>
      <Link
        id="refill-check-in-start"
        className="button next-step__start"
        to={`/medical-form/${encodeURIComponent(String(checkIn.order_id))}`}
      >
        {careTexts.checkInStart}
      </Link>
    </section>
  );
}
