/**
 * Marketing's calls (contracts/src/api/marketing.ts) through the typed client: the funnel report
 * as a React Query read, and one of its tables as a CSV download.
 */
import {
  funnelCsv,
  funnelReport,
  type FunnelQuery,
  type FunnelReport,
  type FunnelTable,
} from '@clinic/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callApi } from '../../api/client';
import { callApiForBlob } from '../../api/file';

/** GET /api/console/marketing/funnel: the last answer stays on screen while a new range loads. */
export function funnelReportQuery(query: FunnelQuery) {
  return queryOptions<FunnelReport, Error>({
    queryKey: ['marketing-funnel', query],
    queryFn: () => callApi(funnelReport, { query }),
    retry: false,
    placeholderData: keepPreviousData,
  });
}

/** The file name the server gives the same table (Content-Disposition). */
export const csvFileName = (query: FunnelQuery, table: FunnelTable) =>
  `funnel-${table}-${query.from}-to-${query.to}-by-${query.groupBy}.csv`;

/** GET /api/console/marketing/funnel.csv, saved by the browser as a file. */
export async function downloadFunnelCsv(query: FunnelQuery, table: FunnelTable): Promise<void> {
  const blob = await callApiForBlob(funnelCsv, { query: { ...query, table } });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = csvFileName(query, table);
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
