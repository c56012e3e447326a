/**
 * /console/privacy-requests (admins): the consumer privacy requests made on the CCPA Opt-Out
 * page, overdue ones first and marked, then the open ones by due date (45 days from receipt),
 * then the done ones; filtered by state. Each request moves received, verified, done, never
 * back. Reading this list is a read of personal information: the server records each one.
 *
 * The section's copy comes from ConsoleApp: a module this chunk shared with ConsoleApp's would
 * merge the two (see ConsoleEmpty.tsx).
 */
import {
  privacyRequestStates,
  type ConsoleSection,
  type PrivacyRequestState,
  type PrivacyRequestView,
} from '@clinic/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { usePageTitle } from '../../components/usePageTitle';
import { FormMessage, ToastRegion, useToasts } from '../../ui';
import { ConsoleEmpty } from '../ConsoleEmpty';
import type { SectionCopy } from '../sections';
import { stateLabels } from './labels';
import { privacyRequestsQuery, type PrivacyQueueAnswer } from './privacyApi';
import { PrivacyRequestRow } from './PrivacyRequestRow';
import { CloseDialog, VerifyDialog } from './StepDialogs';
import '../record.css';
import './privacy.css';

type Filter = PrivacyRequestState | 'all';
const filters: readonly Filter[] = ['all', ...privacyRequestStates];

const emptyText: Record<Filter, string> = {
  all: 'Requests from the CCPA Opt-Out page will appear here.',
  received: 'No request is waiting to be verified.',
  verified: 'No verified request is waiting for an answer.',
  done: 'Requests you mark done will appear here, newest first.',
};

function tabLabel(filter: Filter, counts: PrivacyQueueAnswer['counts'] | undefined): string {
  const label = filter === 'all' ? 'All' : stateLabels[filter];
  if (!counts) return label;
  const n = filter === 'all' ? counts.received + counts.verified + counts.done : counts[filter];
  return `${label} (${n})`;
}

function RequestTable({
  requests,
  onStep,
}: {
  requests: readonly PrivacyRequestView[];
  onStep(request: PrivacyRequestView): void;
}) {
  return (
    <div className="console-table-wrap">
      <table className="console-table pv-table" aria-label="Privacy requests">
        <thead>
          <tr>
            <th scope="col">Reference</th>
            <th scope="col">Request</th>
            <th scope="col">Requester</th>
            <th scope="col">Received</th>
            <th scope="col">Due</th>
            <th scope="col">State</th>
            <th scope="col">Steps</th>
          </tr>
        </thead>
        <tbody>
          {requests.map((request) => (
            <PrivacyRequestRow key={request.reference} request={request} onStep={onStep} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

export default function PrivacyRequestsPage({
  section,
  copy,
}: {
  section: ConsoleSection;
  copy: SectionCopy;
}) {
  usePageTitle(`${section.label} · Staff console`);
  const [params, setParams] = useSearchParams();
  const asked = params.get('state');
  const state = privacyRequestStates.find((s) => s === asked) ?? null;
  const list = useQuery(privacyRequestsQuery(state));
  const queryClient = useQueryClient();
  const { toasts, show } = useToasts();
  // The request whose next step's dialog is open.
  const [stepping, setStepping] = useState<PrivacyRequestView | null>(null);

  function onMoved(request: PrivacyRequestView) {
    setStepping(null);
    show(
      'success',
      request.state === 'done'
        ? `${request.reference} is done. Your note is kept with it.`
        : `${request.reference} is verified. Answer it by the due date.`,
    );
    void queryClient.invalidateQueries({ queryKey: ['privacy-requests'] });
  }

  let body;
  if (list.isPending)
    body = (
      <p className="console-page__purpose" aria-busy="true">
        Loading requests...
      </p>
    );
  else if (list.isError) body = <FormMessage kind="error">{list.error.message}</FormMessage>;
  else if (list.data.requests.length === 0)
    body = <ConsoleEmpty icon="lock" title={copy.emptyTitle} text={emptyText[state ?? 'all']} />;
  else body = <RequestTable requests={list.data.requests} onStep={setStepping} />;

  return (
    <main className="console-page console-page--wide" data-console-section={section.key}>
      <header className="console-page__head">
        <h1>{section.label}</h1>
        <p className="console-page__purpose">{copy.purpose}</p>
      </header>
      <div className="cq-tabs" role="tablist" aria-label="State">
        {filters.map((f) => (
          <button
            key={f}
            type="button"
            role="tab"
            id={`pv-tab-${f}`}
            aria-selected={(state ?? 'all') === f}
            aria-controls="pv-panel"
            className="cq-tabs__tab"
            onClick={() => setParams(f === 'all' ? {} : { state: f }, { replace: true })}
          >
            {tabLabel(f, list.data?.counts)}
          </button>
        ))}
      </div>
      <div id="pv-panel" role="tabpanel" aria-labelledby={`pv-tab-${state ?? 'all'}`}>
        {body}
      </div>
      {stepping?.state === 'received' && (
        <VerifyDialog request={stepping} onClose={() => setStepping(null)} onMoved={onMoved} />
      )}
      {stepping?.state === 'verified' && (
        <CloseDialog request={stepping} onClose={() => setStepping(null)} onMoved={onMoved} />
      )}
      <ToastRegion toasts={toasts} />
    </main>
  );
}
