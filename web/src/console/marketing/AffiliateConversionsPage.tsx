/**
 * /console/affiliate-conversions: what the affiliate was told of each order it referred, newest
 * first: the order's opaque reference (never its number, the patient or the product), the c_id,
 * the amount and terms, where the call stands and every attempt; a failed one can be retried.
 */
import {
  affiliateConversionStatuses,
  type AffiliateConversion,
  type AffiliateConversionStatus,
  type ConsoleSection,
  type ConversionAttempt,
} from '@clinic/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { usePageTitle } from '../../components/usePageTitle';
import { Button, FormMessage, ToastRegion, useToasts } from '../../ui';
import { formatDollars } from '../../ui/money';
import { ConsoleEmpty } from '../ConsoleEmpty';
import { when } from '../format';
import type { SectionCopy } from '../sections';
import { affiliateConversionsQuery, retryConversion } from './affiliateApi';
import '../record.css';
import './affiliate.css';

export const statusLabels: Record<AffiliateConversionStatus, string> = {
  sent: 'Sent',
  retrying: 'Retrying',
  failed: 'Failed',
  skipped: 'Skipped',
};

const outcomeLabels: Record<NonNullable<ConversionAttempt['outcome']>, string> = {
  success: 'Sent',
  unexpected: 'Unexpected answer',
  error: 'Error',
  skipped: 'Skipped: no affiliate URL configured',
};

const terms = (months: number) => `${months} ${months === 1 ? 'month' : 'months'}`;

/** "Nov 27, 2026, 12:23 PM" as its day ("Nov 27, 2026") and its time ("12:23 PM"). */
function dayAndTime(iso: string): { day: string; time: string } {
  const text = when(iso);
  const cut = text.lastIndexOf(', ');
  return cut === -1
    ? { day: text, time: '' }
    : { day: text.slice(0, cut), time: text.slice(cut + 2) };
}

/** The day and the time, each kept whole: "Nov 27, 2026," over "12:23 PM" in a narrow column. */
function Moment({ iso }: { iso: string }) {
  const { day, time } = dayAndTime(iso);
  return (
    <>
      <span className="af-nowrap">{time ? `${day},` : day}</span>{' '}
      <span className="af-nowrap">{time}</span>
    </>
  );
}

/** An attempt's time; its day too when it is not the day the order was reported. */
function attemptTime(iso: string, firstDay: string): string {
  const { day, time } = dayAndTime(iso);
  return day === firstDay && time ? time : when(iso);
}

function Attempts({
  attempts,
  since,
}: {
  attempts: readonly ConversionAttempt[];
  /** When the order was reported: attempts on that day show their time only. */
  since: string;
}) {
  const firstDay = dayAndTime(since).day;
  if (attempts.length === 0) return <span className="af-row__sub">First attempt queued</span>;
  return (
    <details className="af-attempts">
      <summary>
        {attempts.length} {attempts.length === 1 ? 'attempt' : 'attempts'}
      </summary>
      <ol className="af-attempts__list">
        {attempts.map((attempt) => (
          <li key={attempt.number} data-attempt={attempt.number}>
            <span className="af-attempts__number">#{attempt.number}</span>{' '}
            {attemptTime(attempt.startedAt, firstDay)} ·{' '}
            {attempt.outcome ? outcomeLabels[attempt.outcome] : 'Under way'}
            {attempt.httpStatus !== null && ` · HTTP ${attempt.httpStatus}`}
          </li>
        ))}
      </ol>
    </details>
  );
}

function ConversionRow({
  conversion,
  onRetried,
}: {
  conversion: AffiliateConversion;
  onRetried(conversion: AffiliateConversion): void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function retry() {
    setBusy(true);
    setError(null);
    try {
      onRetried(await retryConversion(conversion.reference));
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <tr className="af-row" data-reference={conversion.reference}>
      <th scope="row" className="af-row__ref">
        <span className="af-row__label">Reference</span>
        <code>{conversion.reference}</code>
      </th>
      <td className="af-row__cid">
        <span className="af-row__label">c_id</span>
        {conversion.c_id}
      </td>
      <td className="af-row__amount">
        {formatDollars(conversion.amount)}
        <span className="af-row__sub">{terms(conversion.payment_terms)}</span>
      </td>
      <td className="af-row__when">
        <Moment iso={conversion.createdAt} />
      </td>
      <td className="af-row__status">
        <span className={`cq-status af-status af-status--${conversion.status}`}>
          {statusLabels[conversion.status]}
        </span>
      </td>
      <td className="af-row__attempts">
        <Attempts attempts={conversion.attempts} since={conversion.createdAt} />
      </td>
      <td className="af-row__action">
        {conversion.status === 'failed' && (
          <Button
            variant="secondary"
            size="small"
            busy={busy}
            busyLabel="Retrying..."
            onClick={() => void retry()}
          >
            Retry
          </Button>
        )}
        <FormMessage kind="error">{error}</FormMessage>
      </td>
    </tr>
  );
}

function ConversionTable({
  conversions,
  onRetried,
}: {
  conversions: readonly AffiliateConversion[];
  onRetried(conversion: AffiliateConversion): void;
}) {
  return (
    <div className="console-table-wrap">
      <table className="console-table af-table" aria-label="Affiliate conversions">
        <thead>
          <tr>
            <th scope="col">Reference</th>
            <th scope="col">c_id</th>
            <th scope="col">Amount</th>
            <th scope="col">Time</th>
            <th scope="col">Status</th>
            <th scope="col">Attempts</th>
            <th scope="col">
              <span className="af-hidden">Action</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {conversions.map((conversion) => (
            <ConversionRow
              key={conversion.reference}
              conversion={conversion}
              onRetried={onRetried}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}

type Filter = AffiliateConversionStatus | 'all';
const filters: readonly Filter[] = ['all', ...affiliateConversionStatuses];

export default function AffiliateConversionsPage({
  section,
  copy,
}: {
  section: ConsoleSection;
  copy: SectionCopy;
}) {
  usePageTitle(`${section.label} · Staff console`);
  const [params, setParams] = useSearchParams();
  const asked = params.get('status');
  const status = affiliateConversionStatuses.find((s) => s === asked) ?? null;
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const list = useQuery(affiliateConversionsQuery(page, status));
  const queryClient = useQueryClient();
  const { toasts, show } = useToasts();

  const go = (next: { status?: AffiliateConversionStatus | null; page?: number }) => {
    const s = next.status === undefined ? status : next.status;
    const p = next.page ?? 1;
    setParams(
      { ...(s ? { status: s } : {}), ...(p > 1 ? { page: String(p) } : {}) },
      {
        replace: true,
      },
    );
  };

  function onRetried(conversion: AffiliateConversion) {
    show('success', `Retry queued for ${conversion.reference}.`);
    void queryClient.invalidateQueries({ queryKey: ['affiliate-conversions'] });
  }

  let body;
  if (list.isPending)
    body = (
      <p className="console-page__purpose" aria-busy="true">
        Loading conversions...
      </p>
    );
  else if (list.isError) body = <FormMessage kind="error">{list.error.message}</FormMessage>;
  else if (list.data.conversions.length === 0)
    body = <ConsoleEmpty icon="ticket" title={copy.emptyTitle} text={copy.empty} />;
  else {
    const pages = Math.max(1, Math.ceil(list.data.total / list.data.pageSize));
    body = (
      <>
        <ConversionTable conversions={list.data.conversions} onRetried={onRetried} />
        {pages > 1 && (
          <nav className="af-pager" aria-label="Pages">
            <Button
              variant="secondary"
              size="small"
              disabled={page <= 1}
              onClick={() => go({ page: page - 1 })}
            >
              Newer
            </Button>
            <span>
              Page {page} of {pages}
            </span>
            <Button
              variant="secondary"
              size="small"
              disabled={page >= pages}
              onClick={() => go({ page: page + 1 })}
            >
              Older
            </Button>
          </nav>
        )}
      </>
    );
  }

  return (
    <main className="console-page console-page--wide" data-console-section={section.key}>
      <header className="console-page__head">
        <h1>{section.label}</h1>
        <p className="console-page__purpose">{copy.purpose}</p>
      </header>
      <div className="cq-tabs" role="tablist" aria-label="Status">
        {filters.map((f) => (
          <button
            key={f}
            type="button"
            role="tab"
            id={`af-tab-${f}`}
            aria-selected={(status ?? 'all') === f}
            aria-controls="af-panel"
            className="cq-tabs__tab"
            onClick={() => go({ status: f === 'all' ? null : f })}
          >
            {f === 'all' ? 'All' : statusLabels[f]}
          </button>
        ))}
      </div>
      <div id="af-panel" role="tabpanel" aria-labelledby={`af-tab-${status ?? 'all'}`}>
        {body}
      </div>
      <ToastRegion toasts={toasts} />
    </main>
  );
}
