import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { usePageTitle } from '../../components/usePageTitle';
import { Button, FormMessage, useAsyncAction } from '../../ui';
import { ConsoleEmpty } from '../ConsoleEmpty';
import { AuditFilters } from './AuditFilters';
import { AuditTable } from './AuditTable';
import { auditServiceLabels } from './auditLabels';
import { auditQuery, downloadAuditCsv, type AuditFilter } from './clinicApi';
import '../record.css';
import './clinic.css';

/** Entries per page. */
const PAGE_SIZE = 50;

/**
 * /console/audit-trail (admins): the clinic's one audit trail, every service's lines merged
 * newest first, filtered by person, patient, order, action and days; "Older" pages back with
 * `next`; the CSV holds the same filtered list. A part of the clinic that did not answer is
 * named above the list: its lines are not in it.
 */
export function AuditTrailPage() {
  usePageTitle('Audit trail · Staff console');
  const [filter, setFilter] = useState<AuditFilter>({});
  // The pages read so far: each one's `before` (undefined for the newest).
  const [pages, setPages] = useState<(string | undefined)[]>([undefined]);
  const before = pages.at(-1);
  const trail = useQuery(
    auditQuery({ ...filter, ...(before !== undefined ? { before } : {}), limit: PAGE_SIZE }),
  );
  // The browser saving the file is the confirmation: no toast.
  const download = useAsyncAction(() => undefined);
  const missing = trail.data?.missing ?? [];

  return (
    <main className="console-page console-page--wide" data-console-section="audit-trail">
      <header className="console-page__head">
        <h1>Audit trail</h1>
        <p className="console-page__purpose">
          Every staff read of health information, every decision and every admin change, from every
          part of the clinic, newest first.
        </p>
      </header>
      <AuditFilters
        onApply={(next) => {
          setFilter(next);
          setPages([undefined]);
        }}
      />
      <div className="at-export">
        <Button
          variant="secondary"
          size="small"
          busy={download.busy}
          busyLabel="Preparing..."
          onClick={() => void download.run(() => downloadAuditCsv(filter), '')}
        >
          Download CSV
        </Button>
        {download.error && <FormMessage kind="error">{download.error}</FormMessage>}
      </div>
      {missing.length > 0 && (
        <FormMessage kind="error">
          {`Not included: ${missing.map((s) => auditServiceLabels[s]).join(', ')} did not answer. This list is incomplete; reload in a moment.`}
        </FormMessage>
      )}
      {trail.isPending ? (
        <p aria-busy="true">Loading the audit trail...</p>
      ) : trail.isError ? (
        <FormMessage kind="error">{trail.error.message}</FormMessage>
      ) : trail.data.entries.length === 0 ? (
        <ConsoleEmpty
          icon="shield"
          title="No entries"
          text="Nothing was recorded for these filters."
        />
      ) : (
        <AuditTable entries={trail.data.entries} />
      )}
      <div className="at-paging">
        {pages.length > 1 && (
          <Button variant="secondary" size="small" onClick={() => setPages((p) => p.slice(0, -1))}>
            Newer
          </Button>
        )}
        {typeof trail.data?.next === 'string' && (
          <Button
            variant="secondary"
            size="small"
            onClick={() => setPages((p) => [...p, trail.data!.next!])}
          >
            Older
          </Button>
        )}
      </div>
    </main>
  );
}
