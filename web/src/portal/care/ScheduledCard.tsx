/**
 * The "This week" card once the patient has an injection day: the next injection (day and time
 * in their saved time zone), its strength, the suggested site and a way to change the day; then
 * this week's dose: taken (with a tick), or what to do about a missed one, and "I took my dose";
 * then "Report a side effect" for the card's order.
 */
import { useState } from 'react';
import { formatDoseMg, injectionSiteLabels, type ThisWeek } from '@clinic/contracts';
import { Button, Section } from '../../ui';
import { DoseForm } from './DoseForm';
import { HowToInject } from './HowToInject';
import { InjectionDayForm } from './InjectionDayForm';
import { ReportSideEffect } from './ReportSideEffect';
import { careTexts, formatDay, formatDoseAt } from './careTexts';

function Tick() {
  return (
    <svg className="care-taken__tick" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
      <path
        d="M5 12.5l4.5 4.5L19 7.5"
        fill="none"
        stroke="currentColor"
        strokeWidth="3"
        strokeLinecap="round"
      />
    </svg>
  );
}

/** This week's dose: taken, or missed (the label's advice), and the button to log it. */
function ThisWeeksDose({ week, timeZone }: { week: ThisWeek; timeZone: string }) {
  const [logging, setLogging] = useState(false);
  const logged = week.current?.logged;
  if (logged)
    return (
      <p className="care-taken">
        <Tick />
        {careTexts.taken(formatDay(logged.taken_on), injectionSiteLabels[logged.site])}
      </p>
    );
  const missed = week.missed_dose;
  return (
    <>
      {missed && (
        <p className="care-missed" data-action={missed.action}>
          {missed.text}
        </p>
      )}
      {week.order_id !== null &&
        (logging ? (
          <DoseForm
            orderId={week.order_id}
            strength={week.current?.strength ?? week.next?.strength ?? null}
            site={week.suggested_site}
            timeZone={timeZone}
            onDone={() => setLogging(false)}
          />
        ) : (
          <Button className="care-card__took" onClick={() => setLogging(true)}>
            {careTexts.tookDose}
          </Button>
        ))}
    </>
  );
}

export function ScheduledCard({
  week,
  day,
}: {
  week: ThisWeek;
  day: NonNullable<ThisWeek['injection_day']>;
}) {
  const [changing, setChanging] = useState(false);
  const strength = week.next?.strength ?? week.current?.strength ?? null;
  return (
    <Section
      title={careTexts.title}
      className="care-card"
      titleClassName="care-card__title"
      headClassName="care-card__head"
      action={
        !changing && (
          <Button variant="secondary" size="small" onClick={() => setChanging(true)}>
            {careTexts.changeDay}
          </Button>
        )
      }
    >
      {changing ? (
        <InjectionDayForm saved={day} onDone={() => setChanging(false)} />
      ) : (
        <>
          <dl className="care-next">
            {week.next && (
              <div>
                <dt>{careTexts.next}</dt>
                <dd>{formatDoseAt(week.next.at, day.time_zone)}</dd>
              </div>
            )}
            {strength !== null && (
              <div>
                <dt>{careTexts.strength}</dt>
                <dd>{formatDoseMg(strength)}</dd>
              </div>
            )}
            <div>
              <dt>{careTexts.site}</dt>
              <dd>{injectionSiteLabels[week.suggested_site]}</dd>
            </div>
          </dl>
          <ThisWeeksDose week={week} timeZone={day.time_zone} />
          {week.order_id !== null && <ReportSideEffect orderId={week.order_id} />}
        </>
      )}
      <HowToInject />
    </Section>
  );
}
