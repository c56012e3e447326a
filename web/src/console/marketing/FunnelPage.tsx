import {
  SMALL_CELL_MIN,
  funnelQuerySchema,
  type ConsoleSection,
  type FunnelQuery,
} from '@clinic/contracts';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { usePageTitle } from '../../components/usePageTitle';
import { FormMessage } from '../../ui';
import { ConsoleEmpty } from '../ConsoleEmpty';
import type { SectionCopy } from '../sections';
import { clinicDay } from './figures';
import { FunnelChart } from './FunnelChart';
import { FunnelControls, groupingLabels } from './FunnelControls';
import { CohortsTable, GroupsTable, OffersTable, StepsTable } from './FunnelTables';
import { funnelReportQuery } from './marketingApi';
import { TableSection } from './TableSection';

/** The range and grouping in the address (so a view can be shared), else the last 30 days. */
function useFunnelQuery(): [FunnelQuery, (query: FunnelQuery) => void] {
  const [params, setParams] = useSearchParams();
  const now = new Date();
  const fallback: FunnelQuery = {
    from: clinicDay(now, 29),
    to: clinicDay(now),
    groupBy: 'source',
  };
  const asked = funnelQuerySchema.safeParse({
    from: params.get('from') ?? fallback.from,
    to: params.get('to') ?? fallback.to,
    groupBy: params.get('groupBy') ?? fallback.groupBy,
  });
  return [asked.success ? asked.data : fallback, (query) => setParams({ ...query })];
}

/**
 * /console/conversion-funnel: how each campaign's visitors move from the quiz to payment and
 * beyond, over a range of clinic days, grouped as marketing chooses; each table downloads as CSV.
 */
export function FunnelPage({ section, copy }: { section: ConsoleSection; copy: SectionCopy }) {
  usePageTitle(`${section.label} · Staff console`);
  const [query, setQuery] = useFunnelQuery();
  const report = useQuery(funnelReportQuery(query));
  const data = report.data;
  const empty = data && data.total.steps.every((s) => s.events === 0);

  return (
    <main className="console-page console-page--wide mk-page" data-console-section={section.key}>
      <header className="console-page__head">
        <h1>{section.label}</h1>
        <p className="console-page__purpose">{copy.purpose}</p>
      </header>
      <FunnelControls key={`${query.from}|${query.to}`} query={query} onChange={setQuery} />
      <p className="mk-privacy">
        Counts of 1 to {SMALL_CELL_MIN - 1} people show as “&lt;{SMALL_CELL_MIN}”, and the money and
        rates behind them are hidden, so no one can be picked out.
      </p>
      {report.isError && <FormMessage kind="error">{report.error.message}</FormMessage>}
      {report.isPending && (
        <p className="console-page__purpose" aria-busy="true">
          Loading the funnel...
        </p>
      )}
      {empty && <ConsoleEmpty icon="funnel" title={copy.emptyTitle} text={copy.empty} />}
      {data && !empty && (
        <div className="mk-report" aria-busy={report.isFetching}>
          <FunnelChart total={data.total} />
          <TableSection
            title="Steps"
            note="Every step of the funnel in the range. Conversion is against the step named under it."
            table="steps"
            query={query}
          >
            <StepsTable total={data.total} details={data.details} />
          </TableSection>
          <TableSection
            title={`By ${groupingLabels[data.groupBy].toLowerCase()}`}
            note="The main steps, money paid and refunded, and the share of payers refunded."
            table="groups"
            query={query}
          >
            <GroupsTable report={data} />
          </TableSection>
          <TableSection
            title="Weekly cohorts"
            note="Leads who qualified each week (Monday to Sunday), and how many of them have paid, been approved and renewed so far."
            table="cohorts"
            query={query}
          >
            <CohortsTable cohorts={data.cohorts} />
          </TableSection>
          <TableSection
            title="Offer tests"
            note="Leads of the range's weeks by the offer their link carried. End a test only once the result is significant."
            table="offers"
            query={query}
          >
            <OffersTable offers={data.offers} />
          </TableSection>
        </div>
      )}
    </main>
  );
}
