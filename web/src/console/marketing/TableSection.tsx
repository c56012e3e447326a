import type { FunnelQuery, FunnelTable } from '@clinic/contracts';
import type { ReactNode } from 'react';
import { Button, FormMessage, useAsyncAction } from '../../ui';
import { downloadFunnelCsv } from './marketingApi';

/** One table of the funnel page: its title, what it shows, the table, and its CSV download. */
export function TableSection({
  title,
  note,
  table,
  query,
  children,
}: {
  title: string;
  note: string;
  table: FunnelTable;
  query: FunnelQuery;
  children: ReactNode;
}) {
  // The browser saving the file is the confirmation: no toast.
  const download = useAsyncAction(() => undefined);
  const id = `mk-${table}-title`;
  return (
    <section className="mk-section" aria-labelledby={id}>
      <header className="mk-section__head">
        <div>
          <h2 id={id} className="mk-section__title">
            {title}
          </h2>
          <p className="mk-section__note">{note}</p>
        </div>
        <Button
          variant="secondary"
          size="small"
          busy={download.busy}
          busyLabel="Preparing..."
          onClick={() => void download.run(() => downloadFunnelCsv(query, table), '')}
        >
          Download CSV
        </Button>
      </header>
      {download.error && <FormMessage kind="error">{download.error}</FormMessage>}
      <div className="console-table-wrap">{children}</div>
    </section>
  );
}
