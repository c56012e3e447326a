import {
  chatLimits,
  chatMessages,
  type ChatMessage,
  type ConversationDetail,
} from '@clinic/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Button, FormMessage } from '../../ui';
import { sendOnEnter, ThreadMessage, useListAtEnd } from '../ThreadMessage';
import { AccountSummary } from './AccountSummary';
import { BackToInbox, PaneError, PaneLoading } from './PaneStates';
import { fullTime, hhmm, kindLabels } from './format';
import { OnlineDot } from './InboxList';
import { claim, close, conversationKey, conversationQuery, inboxKey, reply } from './supportApi';

function Message({ message }: { message: ChatMessage }) {
  if (message.role === 'system')
    return (
      <li className="sp-msg--system" data-role="system">
        <span>{message.content}</span>{' '}
        <time dateTime={message.timestamp} title={fullTime(message.timestamp)}>
          {hhmm(message.timestamp)}
        </time>
      </li>
    );
  const answer = message.role === 'assistant';
  return (
    <ThreadMessage
      side={answer ? 'out' : 'in'}
      author={answer ? message.author : null}
      text={message.content}
      at={message.timestamp}
      time={hhmm(message.timestamp)}
      data-role={message.role}
    />
  );
}

type Action = 'claim' | 'close' | 'reply';

/** Who the conversation is with, its state, and Claim and Close. */
function PaneHead({
  conversation,
  mine,
  busy,
  backTo,
  onClaim,
  onClose,
}: {
  conversation: ConversationDetail['conversation'];
  mine: boolean;
  busy: Action | null;
  backTo: string;
  onClaim(): void;
  onClose(): void;
}) {
  const closed = conversation.status === 'closed';
  return (
    <header className="sp-pane__head">
      <BackToInbox to={backTo} />
      <div className="sp-pane__who">
        <h2 id="sp-pane-title" className="sp-pane__title">
          <OnlineDot online={conversation.online} />
          {conversation.participant.name}
        </h2>
        <p className="sp-pane__sub">
          <span className={`sp-kind sp-kind--${conversation.participant.kind}`}>
            {kindLabels[conversation.participant.kind]}
          </span>{' '}
          <span data-testid="pane-status">
            {closed
              ? 'Closed'
              : conversation.claimedBy
                ? `Claimed by ${mine ? 'you' : conversation.claimedBy.name}`
                : 'Unclaimed'}
          </span>
        </p>
      </div>
      <div className="sp-pane__actions">
        {!closed && !mine && (
          <Button
            size="small"
            busy={busy === 'claim'}
            busyLabel="Claiming..."
            disabled={busy !== null}
            onClick={onClaim}
          >
            Claim
          </Button>
        )}
        {!closed && (
          <Button
            size="small"
            variant="secondary"
            busy={busy === 'close'}
            busyLabel="Closing..."
            disabled={busy !== null}
            onClick={onClose}
          >
            Close
          </Button>
        )}
      </div>
    </header>
  );
}

/**
 * One conversation: who it is with, every message (the person's on the left, the agents' answers
 * on the right with their first name, system lines centred), Claim and Close, and the reply box
 * (at most 256 characters, the server's refusal shown under it). Beside it, the account summary.
 */
export function ConversationPane({
  conversationId,
  staffId,
  backTo,
}: {
  conversationId: number;
  staffId: number;
  backTo: string;
}) {
  const client = useQueryClient();
  const detail = useQuery(conversationQuery(conversationId));
  const [draft, setDraft] = useState('');
  const [busy, setBusy] = useState<Action | null>(null);
  const [error, setError] = useState<string | null>(null);
  const counterId = useId();
  const errorId = useId();
  const listRef = useListAtEnd(detail.data?.messages.length ?? 0);

  if (detail.isPending) return <PaneLoading text="Loading the conversation..." />;
  if (detail.isError) return <PaneError message={detail.error.message} backTo={backTo} />;

  const { conversation, messages } = detail.data;
  const closed = conversation.status === 'closed';
  const mine = conversation.claimedBy?.id === staffId;
  const tooLong = draft.length > chatLimits.messageMax;

  async function run(action: Action, call: () => Promise<ConversationDetail>) {
    setBusy(action);
    setError(null);
    try {
      client.setQueryData(conversationKey(conversationId), await call());
      if (action === 'reply') setDraft('');
      void client.invalidateQueries({ queryKey: inboxKey });
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(null);
    }
  }

  function send(event?: FormEvent) {
    event?.preventDefault();
    if (busy || tooLong) return;
    if (draft.trim() === '') {
      setError(chatMessages.blank);
      return;
    }
    void run('reply', () => reply(conversationId, draft));
  }

  return (
    <div className="sp-detail">
      <section className="sp-pane" aria-labelledby="sp-pane-title">
        <PaneHead
          conversation={conversation}
          mine={mine}
          busy={busy}
          backTo={backTo}
          onClaim={() => void run('claim', () => claim(conversationId))}
          onClose={() => void run('close', () => close(conversationId))}
        />
        <ol
          className="thread-messages sp-messages"
          ref={listRef}
          aria-label="Messages"
          tabIndex={0}
        >
          {messages.length === 0 && <li className="sp-msg--system">No messages yet.</li>}
          {messages.map((message) => (
            <Message key={message.id} message={message} />
          ))}
        </ol>
        {closed && (
          <p className="sp-closed-note">
            {chatMessages.conversationClosed} The person&apos;s next message opens it again.
          </p>
        )}
        <form className="thread-reply sp-reply" onSubmit={send} noValidate>
          <label htmlFor={`${counterId}-text`} className="visually-hidden">
            Reply
          </label>
          <textarea
            id={`${counterId}-text`}
            className="thread-reply__text"
            rows={2}
            value={draft}
            placeholder={closed ? chatMessages.conversationClosed : 'Write a reply'}
            disabled={closed}
            aria-invalid={error !== null || tooLong || undefined}
            aria-describedby={`${counterId} ${errorId}`}
            onChange={(event) => {
              setDraft(event.target.value);
              setError(null);
            }}
            onKeyDown={sendOnEnter(() => send())}
          />
          <div className="thread-reply__bar">
            <span
              id={counterId}
              className={`thread-reply__count${tooLong ? ' thread-reply__count--over' : ''}`}
              aria-live="polite"
            >
              {draft.length}/{chatLimits.messageMax}
            </span>
            <Button
              type="submit"
              size="small"
              busy={busy === 'reply'}
              busyLabel="Sending..."
              disabled={closed || tooLong || busy !== null}
            >
              Send
            </Button>
          </div>
          <div id={errorId}>
            {tooLong && <FormMessage kind="error">{chatMessages.tooLong}</FormMessage>}
            {error && <FormMessage kind="error">{error}</FormMessage>}
          </div>
        </form>
      </section>
      <AccountSummary participant={conversation.participant} email={conversation.email} />
    </div>
  );
}
