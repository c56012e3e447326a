import type { ConversationSummary } from '@clinic/contracts';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { usePageTitle } from '../../components/usePageTitle';
import { FormMessage } from '../../ui';
import { ConversationPane } from './ConversationPane';
import { InboxList } from './InboxList';
import { ConsoleEmpty } from '../ConsoleEmpty';
import { OrderSearch, OrderSearchResult, useOrderSearch } from '../OrderSearch';
import { FoundOrder } from './FoundOrder';
import { PatientAccountPane } from './PatientAccountPane';
import { inboxPath, type InboxView } from './paths';
import { inboxQuery } from './supportApi';
import { useSupportSocket } from './useSupportSocket';
import '../record.css';
import './support.css';

const views: readonly InboxView[] = ['waiting', 'mine', 'closed'];
const viewLabels: Record<InboxView, string> = {
  waiting: 'Waiting',
  mine: 'Mine',
  closed: 'Closed',
};
const emptyTexts: Record<InboxView, { title: string; text: string }> = {
  waiting: {
    title: 'No chats waiting',
    text: 'Patient chats waiting for an answer will appear here.',
  },
  mine: { title: 'No chats of yours', text: 'Chats you claim or answer appear here.' },
  closed: { title: 'No closed chats', text: 'Chats closed recently appear here.' },
};

/** Waiting: the longest wait first. The others: the latest message first. */
function ordered(view: InboxView, list: readonly ConversationSummary[]): ConversationSummary[] {
  const time = (iso: string | null) => Date.parse(iso ?? '') || 0;
  return [...list].sort((a, b) =>
    view === 'waiting'
      ? (time(a.waitingSince) || Number.MAX_SAFE_INTEGER) -
          (time(b.waitingSince) || Number.MAX_SAFE_INTEGER) || a.conversationId - b.conversationId
      : time(b.lastMessageAt) - time(a.lastMessageAt) || b.conversationId - a.conversationId,
  );
}

function Inbox({
  view,
  selectedId,
  onOpen,
}: {
  view: InboxView;
  selectedId: number | null;
  onOpen(id: number): void;
}) {
  const inbox = useQuery(inboxQuery(view));
  if (inbox.isPending)
    return (
      <p className="console-page__purpose" aria-busy="true">
        Loading chats...
      </p>
    );
  if (inbox.isError) return <FormMessage kind="error">{inbox.error.message}</FormMessage>;
  if (inbox.data.length === 0) return <ConsoleEmpty icon="chat" {...emptyTexts[view]} />;
  return (
    <InboxList
      view={view}
      conversations={ordered(view, inbox.data)}
      selectedId={selectedId}
      onOpen={onOpen}
    />
  );
}

/** `?patient=42`: a patient's id, or null. */
function idParam(value: string | null): number | null {
  const id = value === null ? NaN : Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * /console/chat-inbox (and /console/chat-inbox/{conversationId}): the support inbox. Three views
 * (Waiting, oldest first with how long each has waited; Mine; Closed); a conversation opens
 * beside the list on a laptop and on its own on a phone. Live over the support socket. "Find an
 * order" shows an order found by its number in place of the list, with a link to its patient:
 * their conversation, or (`?patient=`) their account before they ever wrote.
 */
export function SupportInboxPage({
  conversationId,
  staffId,
}: {
  conversationId: number | null;
  staffId: number;
}) {
  usePageTitle('Chat inbox · Staff console');
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const asked = params.get('view');
  const view = views.find((v) => v === asked) ?? 'waiting';
  useSupportSocket(conversationId);
  const search = useOrderSearch();
  const patientId = conversationId === null ? idParam(params.get('patient')) : null;
  const open = conversationId !== null || patientId !== null;
  const backTo = inboxPath(null, view, search.typed);

  return (
    <main className="console-page sp-page" data-console-section="chat-inbox" data-open={open}>
      <header className="console-page__head sp-page__head">
        <h1>Chat inbox</h1>
        <p className="console-page__purpose">
          Answer patients and visitors who write to support, longest wait first, and find any order
          by its number.{' '}
          <span className="sp-keys">
            Use ↑ ↓ or j k to move through the chats and Enter to open one.
          </span>
        </p>
      </header>
      <div className="sp-layout">
        <div className="sp-list">
          <OrderSearch state={search} />
          <OrderSearchResult
            state={search}
            found={(orderId, typed) => <FoundOrder orderId={orderId} typed={typed} />}
            list={
              <>
                <div className="cq-tabs sp-tabs" role="tablist" aria-label="Chat inbox">
                  {views.map((v) => (
                    <button
                      key={v}
                      type="button"
                      role="tab"
                      id={`sp-tab-${v}`}
                      aria-selected={v === view}
                      aria-controls="sp-panel"
                      className="cq-tabs__tab"
                      onClick={() =>
                        setParams(v === 'waiting' ? {} : { view: v }, { replace: true })
                      }
                    >
                      {viewLabels[v]}
                    </button>
                  ))}
                </div>
                <div id="sp-panel" role="tabpanel" aria-labelledby={`sp-tab-${view}`}>
                  <Inbox
                    key={view}
                    view={view}
                    selectedId={conversationId}
                    onOpen={(id) => void navigate(inboxPath(id, view))}
                  />
                </div>
              </>
            }
          />
        </div>
        {conversationId !== null ? (
          <ConversationPane
            key={conversationId}
            conversationId={conversationId}
            staffId={staffId}
            backTo={backTo}
          />
        ) : patientId !== null ? (
          <PatientAccountPane
            key={patientId}
            userId={patientId}
            number={search.typed}
            backTo={backTo}
          />
        ) : (
          <p className="sp-none">Choose a chat to read and answer it.</p>
        )}
      </div>
    </main>
  );
}
