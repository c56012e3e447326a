/**
 * The admin's audit trail (GET /api/console/audit) and its CSV export (GET
 * /api/console/audit.csv): every service's trail merged (merged-trail.ts). The page shows what
 * it got and names a service that did not answer; the export refuses instead (503 naming them),
 * because a file passed on to an auditor cannot carry that warning and must never look whole
 * when it is not.
 */
import type { Router } from 'express';
import { auditTrail, auditTrailCsv } from '@clinic/contracts';
import { bindRoute, HttpError, type AuditSource, type ServiceRuntime } from '@clinic/kit';
import { AUDIT_CSV_MAX_LINES, auditCsvFileName, auditCsvOf } from './audit-csv';
import { cursorOf, readMergedTrail } from './merged-trail';

export function auditTrailRoutes(
  router: Router,
  runtime: ServiceRuntime,
  sources: readonly AuditSource[],
): void {
  bindRoute(router, auditTrail, async ({ principal, query }) => {
    const { before, limit, ...filter } = query;
    const merged = await readMergedTrail(
      sources,
      principal!,
      filter,
      { before, limit },
      runtime.logger,
    );
    const last = merged.entries.at(-1);
    return {
      status: 'success' as const,
      entries: merged.entries,
      next: merged.more && last ? cursorOf(last) : null,
      missing: merged.missing,
    };
  });

  bindRoute(router, auditTrailCsv, async ({ principal, query, res }) => {
    const merged = await readMergedTrail(
      sources,
      principal!,
      query,
      { limit: AUDIT_CSV_MAX_LINES },
      runtime.logger,
    );
    if (merged.missing.length > 0)
      throw new HttpError(
        503,
        `The audit trail of ${merged.missing.join(', ')} did not answer, so the export would be incomplete. Please try again in a moment.`,
      );
    if (merged.more) res.setHeader('X-Audit-Truncated', 'true');
    res
      .type('text/csv')
      .attachment(auditCsvFileName(runtime.clock.now()))
      .send(auditCsvOf(merged.entries));
    return undefined;
  });
}
