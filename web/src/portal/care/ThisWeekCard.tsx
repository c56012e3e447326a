/**
 * The portal home's "This week" card (issue 31, item 1), by the status of GET
 * /api/care/this-week: nothing with no active prescription (or a stopped one), a line while the
 * first shipment is on its way, the injection day form once it has arrived, then the week's dose
 * (ScheduledCard); above it, an open refill check-in as a next step; from the delivery on, "Report a side effect" for the card's order. Nothing
 * either while the answer is loading or cannot be had: the rest of the portal is not held up.
 * The portal loads this module lazily (the default export), so its code and the care schemas
 * come after /home's first load.
 */
import { useQuery } from '@tanstack/react-query';
import type { ThisWeek } from '@clinic/contracts';
import { Section } from '../../ui';
import { HowToInject } from './HowToInject';
import { InjectionDayForm } from './InjectionDayForm';
import { RefillCheckInStep } from './RefillCheckInStep';
import { ReportSideEffect } from './ReportSideEffect';
import { ScheduledCard } from './ScheduledCard';
import { thisWeekQuery } from './careApi';
import { careTexts } from './careTexts';
import './care.css';

export function ThisWeekCard() {
  const { data: week } = useQuery(thisWeekQuery);
  if (!week) return null;
  if (!week.refill_check_in) return <WeekCard week={week} />;
  return (
    <>
      <RefillCheckInStep checkIn={week.refill_check_in} />
      <WeekCard week={week} />
    </>
  );
}

function WeekCard({ week }: { week: ThisWeek }) {
  if (week.status === 'awaiting-delivery')
    return (
      <section className="card care-card" aria-label={careTexts.title}>
        <p className="care-card__line">{careTexts.awaiting}</p>
      </section>
    );
  if (week.status === 'scheduled' && week.injection_day)
    return <ScheduledCard week={week} day={week.injection_day} />;
  if (week.status === 'pick-day' || week.status === 'scheduled')
    return (
      <Section title={careTexts.pickTitle} className="care-card" titleClassName="care-card__title">
        <p className="care-card__line">{careTexts.pickLead}</p>
        <InjectionDayForm saved={null} />
        {week.order_id !== null && <ReportSideEffect orderId={week.order_id} />}
        <HowToInject />
      </Section>
    );
  return null;
}

export default ThisWeekCard;
