import type { DoctorThread } from '@clinic/contracts';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router-dom';
import { usePageTitle } from '../../components/usePageTitle';
import { FormMessage } from '../../ui';
import { lastAt, waited } from '../support/format';
import { DoctorThreadPane } from './DoctorThreadPane';
import { threadsQuery, type ThreadView } from './messagesApi';
import { ConsoleEmpty } from '../ConsoleEmpty';
import '../record.css';
import './clinic.css';
import './messages.css';

const views: readonly ThreadView[] = ['waiting', 'all'];
const viewLabels: Record<ThreadView, string> = { waiting: 'Waiting', all: 'All' };
const emptyTexts: Record<ThreadView, { title: string; text: string }> = {
  waiting: {
    title: 'No messages waiting',
    text: 'Patients waiting for an answer from their doctor will appear here.',
  },
  all: { title: 'No messages yet', text: 'Conversations with your patients will appear here.' },
};

export const threadPath = (userId: number, view: ThreadView = 'waiting') =>
  `/console/patient-messages/${userId}${view === 'waiting' ? '' : '?view=all'}`;

/** Waiting threads oldest first; answered ones after them, the latest first. */
export function sortThreads(threads: readonly DoctorThread[]): DoctorThread[] {
  const time = (iso: string | null) => (iso ? Date.parse(iso) : 0);
  return [...threads].sort((a, b) => {
    if (a.waitingSince && b.waitingSince) return time(a.waitingSince) - time(b.waitingSince);
    if (a.waitingSince) return -1;
    if (b.waitingSince) return 1;
    return time(b.lastMessageAt) - time(a.lastMessageAt);
  });
}

function ThreadList({
  view,
  threads,
  selected,
}: {
  view: ThreadView;
  threads: readonly DoctorThread[];
  selected: number | null;
}) {
  const now = Date.now();
  return (
    <ul className="pm-list" aria-label={`${viewLabels[view]} conversations`}>
      {threads.map((t) => (
        <li key={t.userId}>
          <Link
            className="pm-row"
            to={threadPath(t.userId, view)}
            aria-current={t.userId === selected ? 'page' : undefined}
            data-user-id={t.userId}
          >
            <span className="pm-row__name">{t.patientName}</span>
            <span className="pm-row__when">
              {t.waitingSince ? (
                <span className="pm-wait" title={`Waiting since ${lastAt(t.waitingSince, now)}`}>
                  <span className="visually-hidden">Waiting </span>
                  {waited(t.waitingSince, now)}
                </span>
              ) : (
                lastAt(t.lastMessageAt, now)
              )}
            </span>
            <span className="pm-row__message">{t.lastMessage || 'No messages yet'}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/**
 * /console/patient-messages: the patients' threads with their clinicians (Waiting, the oldest
 * first with how long each waits; All), and /console/patient-messages/{userId}: one thread with
 * its reply box, beside the list on a laptop, on its own on a phone.
 */
export function PatientMessagesPage({ userId }: { userId: number | null }) {
  usePageTitle('Patient messages · Staff console');
  const [params, setParams] = useSearchParams();
  const view: ThreadView = params.get('view') === 'all' ? 'all' : 'waiting';
  const threads = useQuery(threadsQuery(view));

  let list;
  if (threads.isPending)
    list = (
      <p className="pm-muted" aria-busy="true">
        Loading conversations...
      </p>
    );
  else if (threads.isError) list = <FormMessage kind="error">{threads.error.message}</FormMessage>;
  else if (threads.data.length === 0) list = <ConsoleEmpty icon="message" {...emptyTexts[view]} />;
  else list = <ThreadList view={view} threads={sortThreads(threads.data)} selected={userId} />;

  return (
    <main
      className={`console-page pm-page${userId !== null ? ' pm-page--open' : ''}`}
      data-console-section="patient-messages"
    >
      <header className="console-page__head pm-page__head">
        <h1>Patient messages</h1>
        <p className="console-page__purpose">
          Answer your patients&apos; questions about their treatment. The patient is told by text
          (or email) when you reply.
        </p>
      </header>
      <div className="pm-layout">
        <div className="pm-side">
          <div className="cq-tabs cq-tabs--panel" role="tablist" aria-label="Conversations">
            {views.map((v) => (
              <button
                key={v}
                type="button"
                role="tab"
                id={`pm-tab-${v}`}
                aria-selected={v === view}
                aria-controls="pm-panel"
                className="cq-tabs__tab"
                onClick={() => setParams(v === 'waiting' ? {} : { view: v }, { replace: true })}
              >
                {viewLabels[v]}
              </button>
            ))}
          </div>
          <div id="pm-panel" role="tabpanel" aria-labelledby={`pm-tab-${view}`}>
            {list}
          </div>
        </div>
        {userId === null ? (
          <p className="pm-pick pm-muted">Choose a conversation to read it and reply.</p>
        ) : (
          <div className="pm-open">
            <Link
              className="pm-back"
              to={`/console/patient-messages${view === 'all' ? '?view=all' : ''}`}
            >
              ← All conversations
            </Link>
            <DoctorThreadPane key={userId} userId={userId} />
          </div>
        )}
      </div>
    </main>
  );
}
