import type { Router } from 'express';
import { funnelCsv, funnelReport } from '@clinic/contracts';
import { bindRoute, type ServiceRuntime } from '@clinic/kit';
import { funnelCsvOf } from '../domain/funnel-csv';
import { funnelReportOf } from '../domain/funnel-report';

/** The marketing console's funnel: the report, and each of its tables as a CSV download. */
export function funnelRoutes(router: Router, runtime: ServiceRuntime): void {
  bindRoute(router, funnelReport, async ({ query }) => funnelReportOf(runtime.db, query));
  bindRoute(router, funnelCsv, async ({ query, res }) => {
    const report = await funnelReportOf(runtime.db, query);
    res
      .type('text/csv')
      .attachment(`funnel-${query.table}-${query.from}-to-${query.to}-by-${query.groupBy}.csv`)
      .send(funnelCsvOf(report, query.table));
    return undefined;
  });
}
