import {
  funnelStepRules,
  funnelSteps,
  type FunnelGroup,
  type FunnelReport,
  type FunnelStep,
  type OfferTest,
} from '@clinic/contracts';
import { centsText, dayText, peopleText, rateText, stepLabel, stepOf } from './figures';
import { groupingLabels } from './FunnelControls';

/** The steps that carry money: a cart's value, payments, refunds. */
const moneySteps = new Set<FunnelStep>(['cart-saved', 'paid', 'upsell', 'renewed', 'refunded']);

/**
 * Every step of the whole funnel: people, events, money, and the rate against its base; under a
 * step that is broken down, its lines (a disqualification's reason, a first payment's term...).
 */
export function StepsTable({
  total,
  details,
}: {
  total: FunnelGroup;
  details: FunnelReport['details'];
}) {
  return (
    <table className="console-table mk-table" aria-label="Funnel steps">
      <thead>
        <tr>
          <th scope="col">Step</th>
          <th scope="col">People</th>
          <th scope="col">Events</th>
          <th scope="col">Amount</th>
          <th scope="col">Conversion</th>
        </tr>
      </thead>
      <tbody>
        {funnelSteps.map((step) => {
          const figures = stepOf(total, step);
          const base = funnelStepRules[step].base;
          const lines = details.filter((d) => d.step === step);
          return [
            <tr key={step}>
              <th scope="row">{stepLabel(step)}</th>
              <td>{peopleText(figures?.people ?? 0)}</td>
              <td>{peopleText(figures?.events ?? 0)}</td>
              <td>{moneySteps.has(step) ? centsText(figures?.amountCents ?? 0) : '—'}</td>
              <td>
                {rateText(figures?.rate ?? null)}
                {base && <span className="mk-table__sub">of {stepLabel(base).toLowerCase()}</span>}
              </td>
            </tr>,
            ...lines.map((line) => (
              <tr key={`${step}-${line.detail}`} className="mk-table__detail">
                <th scope="row">{line.label}</th>
                <td>{peopleText(line.people)}</td>
                <td />
                <td>{moneySteps.has(step) ? centsText(line.amountCents) : '—'}</td>
                <td />
              </tr>
            )),
          ];
        })}
      </tbody>
    </table>
  );
}

const groupColumns = [
  'visit',
  'lead-qualified',
  'cart-saved',
  'paid',
  'approved',
  'renewed',
] as const;

/** One row per value of the grouping: the main steps, the money and the refund rate. */
export function GroupsTable({ report }: { report: FunnelReport }) {
  const name = groupingLabels[report.groupBy];
  const row = (group: FunnelGroup, label: string, total = false) => (
    <tr key={total ? '(all)' : group.value} className={total ? 'mk-table__total' : undefined}>
      <th scope="row">{label}</th>
      {groupColumns.map((step) => (
        <td key={step}>{peopleText(stepOf(group, step)?.people ?? 0)}</td>
      ))}
      <td>{rateText(stepOf(group, 'paid')?.rate ?? null)}</td>
      <td>{centsText(group.grossCents)}</td>
      <td>{centsText(group.refundsCents)}</td>
      <td>{centsText(group.netCents)}</td>
      <td>{rateText(group.refundRate)}</td>
    </tr>
  );
  return (
    <table className="console-table mk-table" aria-label={`Funnel by ${name.toLowerCase()}`}>
      <thead>
        <tr>
          <th scope="col">{name}</th>
          <th scope="col">Visits</th>
          <th scope="col">Leads</th>
          <th scope="col">Carts</th>
          <th scope="col">Paid</th>
          <th scope="col">Approved</th>
          <th scope="col">Renewed</th>
          <th scope="col">Cart to paid</th>
          <th scope="col">Gross</th>
          <th scope="col">Refunds</th>
          <th scope="col">Net</th>
          <th scope="col">Refund rate</th>
        </tr>
      </thead>
      <tbody>
        {report.groups.map((group) => row(group, group.value || `(no ${name.toLowerCase()})`))}
        {row(report.total, 'All', true)}
      </tbody>
    </table>
  );
}

/** Each week's qualified leads, followed to today. */
export function CohortsTable({ cohorts }: { cohorts: FunnelReport['cohorts'] }) {
  return (
    <table className="console-table mk-table" aria-label="Weekly cohorts">
      <thead>
        <tr>
          <th scope="col">Week of</th>
          <th scope="col">Leads</th>
          <th scope="col">Paid</th>
          <th scope="col">Approved</th>
          <th scope="col">Renewed</th>
          <th scope="col">Lead to paid</th>
        </tr>
      </thead>
      <tbody>
        {cohorts.length === 0 && (
          <tr>
            <td colSpan={6}>No qualified leads in this range.</td>
          </tr>
        )}
        {cohorts.map((c) => (
          <tr key={c.week}>
            <th scope="row">{dayText(c.week)}</th>
            <td>{peopleText(c.leads)}</td>
            <td>{peopleText(c.paid)}</td>
            <td>{peopleText(c.approved)}</td>
            <td>{peopleText(c.renewed)}</td>
            <td>{rateText(c.paidRate)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const verdictText: Record<NonNullable<OfferTest['comparison']>['verdict'], string> = {
  better: 'Better than default: significant at 95%',
  worse: 'Worse than default: significant at 95%',
  'no-difference': 'No significant difference yet',
  'too-few': 'Too few leads or payments to tell',
};

const points = (rate: number | null) =>
  rate === null ? '—' : `${rate > 0 ? '+' : ''}${(rate * 100).toFixed(1)} pts`;

/** Each offer's paid rate with its 95% interval, and whether it beats the default offer. */
export function OffersTable({ offers }: { offers: FunnelReport['offers'] }) {
  return (
    <table className="console-table mk-table" aria-label="Offer tests">
      <thead>
        <tr>
          <th scope="col">Offer</th>
          <th scope="col">Leads</th>
          <th scope="col">Paid</th>
          <th scope="col">Paid rate (95% interval)</th>
          <th scope="col">Against default</th>
          <th scope="col">Result</th>
        </tr>
      </thead>
      <tbody>
        {offers.map((o) => (
          <tr key={o.variant}>
            <th scope="row">{o.variant === 'default' ? 'Default' : `Offer ${o.variant}`}</th>
            <td>{peopleText(o.leads)}</td>
            <td>{peopleText(o.paid)}</td>
            <td>
              {rateText(o.rate)}
              {o.low !== null && o.high !== null && (
                <span className="mk-table__sub">
                  {rateText(o.low)} to {rateText(o.high)}
                </span>
              )}
            </td>
            <td>
              {o.comparison ? points(o.comparison.difference) : 'The control'}
              {o.comparison && o.comparison.low !== null && o.comparison.high !== null && (
                <span className="mk-table__sub">
                  {points(o.comparison.low)} to {points(o.comparison.high)}
                  {o.comparison.pValue !== null && `, p = ${o.comparison.pValue.toFixed(3)}`}
                </span>
              )}
            </td>
            <td>{o.comparison ? verdictText[o.comparison.verdict] : '—'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
