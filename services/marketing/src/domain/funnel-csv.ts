/**
 * The funnel page's tables as CSV, made from the same suppressed report the page shows, so a
 * download can never hold more than the screen. Campaign names come from ad links anyone can
 * write: the kit's CSV writes a cell a spreadsheet would run as a formula as text.
 */
import {
  funnelStepRules,
  type FunnelReport,
  type FunnelTable,
  type PeopleCount,
} from '@clinic/contracts';
import { csvLines, type CsvCell } from '@clinic/kit';

type Cell = CsvCell;

const lines = csvLines;

/** Dollars with cents, or "<11". */
const dollars = (cents: number | string): Cell =>
  typeof cents === 'number' ? (cents / 100).toFixed(2) : cents;
/** A rate as a fraction with four decimals; empty when withheld. */
const fraction = (rate: number | null): Cell => (rate === null ? null : rate.toFixed(4));
const count = (n: PeopleCount): Cell => n;

export function funnelCsvOf(report: FunnelReport, table: FunnelTable): string {
  switch (table) {
    case 'steps':
      return lines([
        [
          report.groupBy,
          'step',
          'detail',
          'label',
          'people',
          'events',
          'amount_usd',
          'conversion_rate',
        ],
        ...[report.total, ...report.groups].flatMap((group, i) =>
          group.steps.map((s) => [
            i === 0 ? '(all)' : group.value || '(none)',
            s.step,
            '',
            funnelStepRules[s.step].label,
            count(s.people),
            count(s.events),
            dollars(s.amountCents),
            fraction(s.rate),
          ]),
        ),
        ...report.details.map((d) => [
          '(all)',
          d.step,
          d.detail,
          `${funnelStepRules[d.step].label}: ${d.label}`,
          count(d.people),
          null,
          dollars(d.amountCents),
          null,
        ]),
      ]);
    case 'groups':
      return lines([
        [report.groupBy, 'gross_usd', 'refunds_usd', 'net_usd', 'refund_rate'],
        ...[report.total, ...report.groups].map((group, i) => [
          i === 0 ? '(all)' : group.value || '(none)',
          dollars(group.grossCents),
          dollars(group.refundsCents),
          dollars(group.netCents),
          fraction(group.refundRate),
        ]),
      ]);
    case 'cohorts':
      return lines([
        ['week', 'leads', 'paid', 'approved', 'renewed', 'paid_rate'],
        ...report.cohorts.map((c) => [
          c.week,
          count(c.leads),
          count(c.paid),
          count(c.approved),
          count(c.renewed),
          fraction(c.paidRate),
        ]),
      ]);
    case 'offers':
      return lines([
        [
          'offer',
          'leads',
          'paid',
          'paid_rate',
          'rate_low_95',
          'rate_high_95',
          'difference_vs_default',
          'difference_low_95',
          'difference_high_95',
          'p_value',
          'verdict',
        ],
        ...report.offers.map((o) => [
          o.variant,
          count(o.leads),
          count(o.paid),
          fraction(o.rate),
          fraction(o.low),
          fraction(o.high),
          fraction(o.comparison?.difference ?? null),
          fraction(o.comparison?.low ?? null),
          fraction(o.comparison?.high ?? null),
          fraction(o.comparison?.pValue ?? null),
          o.comparison?.verdict ?? null,
        ]),
      ]);
  }
}
