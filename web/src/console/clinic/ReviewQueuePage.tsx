import { caseFilters, type CaseFilter, type CaseSummary } from '@clinic/contracts';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { usePageTitle } from '../../components/usePageTitle';
import { FormMessage } from '../../ui';
import { ConsoleEmpty } from '../ConsoleEmpty';
import { CaseSearch } from './CaseSearch';
import { CaseTable } from './CaseTable';
import { queueQuery } from './clinicApi';
import { sortCases } from './format';
import '../record.css';
import { casePath } from './paths';
import './clinic.css';

export const filterLabels: Record<CaseFilter, string> = {
  waiting: 'Waiting',
  'needs-video': 'Needs video',
  mine: 'Mine',
  decided: 'Decided',
};

const emptyTexts: Record<CaseFilter, { title: string; text: string }> = {
  waiting: { title: 'No cases waiting', text: 'Cases waiting for review will appear here.' },
  'needs-video': {
    title: 'No cases waiting for a video',
    text: 'Cases from states that require the identity video appear here until it arrives.',
  },
  mine: { title: 'No cases claimed', text: 'Cases you claim appear here until you decide them.' },
  decided: { title: 'No decisions yet', text: 'Your approvals and denials will appear here.' },
};

/** One tab's cases: loading, failure, empty, or the table. */
export function CaseList({
  filter,
  label,
  only,
  empty = emptyTexts[filter],
}: {
  filter: CaseFilter;
  label: string;
  /** Keeps the cases this says yes to (the Prescriptions section: approved ones). */
  only?: (summary: CaseSummary) => boolean;
  empty?: { title: string; text: string };
}) {
  const navigate = useNavigate();
  const cases = useQuery(queueQuery(filter));
  if (cases.isPending)
    return (
      <p className="console-page__purpose" aria-busy="true">
        Loading cases...
      </p>
    );
  if (cases.isError) return <FormMessage kind="error">{cases.error.message}</FormMessage>;
  const shown = sortCases(only ? cases.data.filter(only) : cases.data, filter === 'decided');
  if (shown.length === 0) return <ConsoleEmpty icon="clipboard" {...empty} />;
  return (
    <CaseTable
      cases={shown}
      decided={filter === 'decided'}
      label={label}
      onOpen={(orderId) => void navigate(casePath(orderId))}
    />
  );
}

/**
 * /console/review-queue: the cases waiting for a clinician (oldest promise first), those
 * waiting for the identity video, those I hold, and those decided, one tab each.
 */
export function ReviewQueuePage() {
  usePageTitle('Review queue · Staff console');
  const [params, setParams] = useSearchParams();
  const asked = params.get('filter');
  const filter: CaseFilter = caseFilters.find((f) => f === asked) ?? 'waiting';

  return (
    <main className="console-page console-page--wide" data-console-section="review-queue">
      <header className="console-page__head">
        <h1>Review queue</h1>
        <p className="console-page__purpose">
          Review each patient&apos;s medical assessment and decide on their treatment within 24
          hours. Use ↑ ↓ or j k to move through the cases and Enter to open one.
        </p>
      </header>
      <CaseSearch />
      <div className="cq-tabs" role="tablist" aria-label="Cases">
        {caseFilters.map((f) => (
          <button
            key={f}
            type="button"
            role="tab"
            id={`cq-tab-${f}`}
            aria-selected={f === filter}
            aria-controls="cq-panel"
            className="cq-tabs__tab"
            onClick={() => setParams(f === 'waiting' ? {} : { filter: f }, { replace: true })}
          >
            {filterLabels[f]}
          </button>
        ))}
      </div>
      <div id="cq-panel" role="tabpanel" aria-labelledby={`cq-tab-${filter}`}>
        <CaseList key={filter} filter={filter} label={`${filterLabels[filter]} cases`} />
      </div>
    </main>
  );
}

/** /console/decisions and /console/prescriptions: the decided cases, newest first. */
export function DecidedPage({ kind }: { kind: 'decisions' | 'prescriptions' }) {
  const title = kind === 'decisions' ? 'Decisions' : 'Prescriptions';
  usePageTitle(`${title} · Staff console`);
  return (
    <main className="console-page console-page--wide" data-console-section={kind}>
      <header className="console-page__head">
        <h1>{title}</h1>
        <p className="console-page__purpose">
          {kind === 'decisions'
            ? 'The assessments approved or denied, newest first. Open one to see its history.'
            : 'The prescriptions written and whether the patient has accepted them.'}
        </p>
      </header>
      {kind === 'decisions' ? (
        <CaseList filter="decided" label="Decided cases" />
      ) : (
        <CaseList
          filter="decided"
          label="Prescriptions"
          only={(c) => c.status === 'approved' || c.status === 'accepted'}
          empty={{
            title: 'No prescriptions yet',
            text: 'Prescriptions and dose schedules you write will appear here.',
          }}
        />
      )}
    </main>
  );
}
