import {
  clinicTimeZone,
  type ConsoleSection,
  type FunnelStep,
  type LiveConversion,
  type LiveToday,
} from '@clinic/contracts';
import { usePageTitle } from '../../components/usePageTitle';
import { formatUsd } from '../../ui/money';
import { ConsoleEmpty } from '../ConsoleEmpty';
import type { SectionCopy } from '../sections';
import { centsText, peopleText, stepLabel } from './figures';
import { useLiveConversions, type LiveStatus } from './useLiveConversions';

const statusText: Record<LiveStatus, string> = {
  connecting: 'Connecting...',
  live: 'Live',
  reconnecting: 'Reconnecting...',
  refused: 'Not connected',
};

/** The steps today's totals show, in funnel order. */
const totalSteps: FunnelStep[] = [
  'lead-qualified',
  'cart-saved',
  'paid',
  'upsell',
  'approved',
  'renewed',
  'refunded',
];

const timeOfDay = new Intl.DateTimeFormat('en-US', {
  timeZone: clinicTimeZone,
  hour: 'numeric',
  minute: '2-digit',
  second: '2-digit',
});

function TodayTotals({ today }: { today: LiveToday }) {
  const people = (step: FunnelStep) => today.steps.find((s) => s.step === step)?.people ?? 0;
  return (
    <dl className="mk-today" aria-label="Today so far">
      {totalSteps.map((step) => (
        <div key={step} className="mk-today__item">
          <dt>{stepLabel(step)}</dt>
          <dd>{peopleText(people(step))}</dd>
        </div>
      ))}
      <div className="mk-today__item mk-today__item--money">
        <dt>Revenue</dt>
        <dd>{centsText(today.grossCents)}</dd>
      </div>
      <div className="mk-today__item mk-today__item--money">
        <dt>Refunds</dt>
        <dd>{centsText(today.refundsCents)}</dd>
      </div>
    </dl>
  );
}

function ConversionRow({ conversion }: { conversion: LiveConversion }) {
  return (
    <li className={`mk-feed__item mk-feed__item--${conversion.step}`}>
      <time className="mk-feed__time" dateTime={conversion.at}>
        {timeOfDay.format(new Date(conversion.at))}
      </time>
      <span className="mk-feed__step">{stepLabel(conversion.step)}</span>
      <span className="mk-feed__campaign">
        {conversion.campaign || 'No campaign'}
        {conversion.source && <span className="mk-feed__sub"> · {conversion.source}</span>}
        {conversion.offer && <span className="mk-feed__sub"> · offer {conversion.offer}</span>}
      </span>
      <span className="mk-feed__amount">
        {conversion.amountCents > 0 ? formatUsd(conversion.amountCents) : ''}
      </span>
    </li>
  );
}

/**
 * /console/live-conversions: each conversion the funnel counts, newest first, within a second of
 * its event, with today's running totals (Pacific day). Step, campaign, offer, amount and time
 * only: nothing names a person.
 */
export function LiveConversionsPage({
  section,
  copy,
}: {
  section: ConsoleSection;
  copy: SectionCopy;
}) {
  usePageTitle(`${section.label} · Staff console`);
  const live = useLiveConversions();
  return (
    <main className="console-page console-page--wide mk-page" data-console-section={section.key}>
      <header className="console-page__head mk-live__head">
        <div>
          <h1>{section.label}</h1>
          <p className="console-page__purpose">{copy.purpose}</p>
        </div>
        <p className={`mk-live__status mk-live__status--${live.status}`} role="status">
          {statusText[live.status]}
        </p>
      </header>
      {live.refusal && (
        <p className="mk-live__refusal" role="alert">
          {live.refusal}
        </p>
      )}
      {live.today && (
        <section aria-labelledby="mk-today-title" className="mk-section">
          <h2 id="mk-today-title" className="mk-section__title">
            Today so far
          </h2>
          <TodayTotals today={live.today} />
        </section>
      )}
      <section aria-labelledby="mk-feed-title" className="mk-section">
        <h2 id="mk-feed-title" className="mk-section__title">
          Latest conversions <span className="mk-section__aside">Pacific time</span>
        </h2>
        {live.conversions.length === 0 ? (
          <ConsoleEmpty icon="funnel" title={copy.emptyTitle} text={copy.empty} />
        ) : (
          <ol className="mk-feed" aria-label="Latest conversions, newest first" aria-live="polite">
            {live.conversions.map((conversion) => (
              <ConversionRow key={conversion.id} conversion={conversion} />
            ))}
          </ol>
        )}
      </section>
    </main>
  );
}
