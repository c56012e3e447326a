import type { ConversationSummary } from '@clinic/contracts';
import { useRowNavigation } from '../useRowNavigation';
import { kindLabels, lastAt, waited } from './format';
import type { InboxView } from './supportApi';

const listLabels: Record<InboxView, string> = {
  waiting: 'Chats waiting for an answer',
  mine: 'My chats',
  closed: 'Closed chats',
};

/** The person's online dot: green while their widget pinged in the last few minutes. */
export function OnlineDot({ online }: { online: boolean }) {
  return (
    <span
      className={`sp-dot sp-dot--${online ? 'on' : 'off'}`}
      role="img"
      aria-label={online ? 'Online' : 'Offline'}
      title={online ? 'Online' : 'Offline'}
    />
  );
}

/**
 * One view of the inbox, a row per conversation: who (patient or visitor, online), the last
 * message, who claimed it, and how long it has waited (Waiting) or when it last moved. Arrow keys
 * or j / k move through the rows, Enter (or a click) opens one, like the review queue.
 */
export function InboxList({
  view,
  conversations,
  selectedId,
  onOpen,
}: {
  view: InboxView;
  conversations: readonly ConversationSummary[];
  selectedId: number | null;
  onOpen(conversationId: number): void;
}) {
  const now = Date.now();
  const { onKeyDown, rowProps } = useRowNavigation(conversations.length, '.sp-table tbody', (i) =>
    onOpen(conversations[i]!.conversationId),
  );
  return (
    <table className="sp-table" aria-label={listLabels[view]}>
      <thead className="visually-hidden">
        <tr>
          <th scope="col">Person</th>
          <th scope="col">Last message</th>
          <th scope="col">{view === 'waiting' ? 'Waiting' : 'Last message at'}</th>
        </tr>
      </thead>
      <tbody onKeyDown={onKeyDown}>
        {conversations.map((c, index) => (
          <tr
            key={c.conversationId}
            {...rowProps(index)}
            className="sp-row"
            aria-current={c.conversationId === selectedId || undefined}
            data-conversation-id={c.conversationId}
            onClick={() => onOpen(c.conversationId)}
          >
            <th scope="row" className="sp-row__who">
              <OnlineDot online={c.online} />
              <span className="sp-row__name">{c.participant.name}</span>
              <span className={`sp-kind sp-kind--${c.participant.kind}`}>
                {kindLabels[c.participant.kind]}
              </span>
            </th>
            <td className="sp-row__preview">
              <span className="sp-row__message">{c.lastMessage ?? 'No messages yet'}</span>
              <span className="sp-row__claimed">
                {c.claimedBy ? `Claimed by ${c.claimedBy.name}` : 'Unclaimed'}
              </span>
            </td>
            <td className="sp-row__when">
              {view === 'waiting' && c.waitingSince ? (
                <span className="sp-wait" title={`Waiting since ${lastAt(c.waitingSince, now)}`}>
                  {waited(c.waitingSince, now)}
                </span>
              ) : (
                lastAt(c.lastMessageAt, now)
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
