import { doctorChatLimits, type DoctorChatMessage } from '@clinic/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { AttachmentLinks } from '../../portal/doctor/AttachmentLinks';
import { Button, FormMessage } from '../../ui';
import { sendOnEnter, ThreadMessage, useListAtEnd } from '../ThreadMessage';
import { lastAt } from '../support/format';
import { replyToPatient, threadKey, threadQuery, threadsKey } from './messagesApi';
import './messages.css';

/** Who wrote a message, as the clinician reads the thread. */
function authorOf(message: DoctorChatMessage, patientName: string): string {
  if (message.in_out === 1) return patientName;
  if (message.author) return message.author;
  return message.is_doctor ? 'Doctor' : 'Support';
}

function Message({ message, patientName }: { message: DoctorChatMessage; patientName: string }) {
  const fromPatient = message.in_out === 1;
  return (
    <ThreadMessage
      side={fromPatient ? 'in' : 'out'}
      author={authorOf(message, patientName)}
      text={message.message}
      at={message.created_at}
      time={lastAt(message.created_at)}
      data-from={fromPatient ? 'patient' : 'clinic'}
    >
      <AttachmentLinks attachments={message.attachments} />
    </ThreadMessage>
  );
}

/**
 * One patient's messages with their clinicians (the patient's on the left, the clinic's answers on
 * the right, files as links) and the reply box: up to 2000 characters with a counter, Enter sends
 * (Shift+Enter a new line), the server's message under it when it refuses. Used by the Patient
 * messages section and by the case view.
 */
export function DoctorThreadPane({
  userId,
  titleLevel = 2,
}: {
  userId: number;
  /**
   * The heading level of the patient's name; inside the case view's section (3) the name is
   * already on the page, so it is only named for screen readers.
   */
  titleLevel?: 2 | 3;
}) {
  const client = useQueryClient();
  const detail = useQuery(threadQuery(userId));
  const [draft, setDraft] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const listRef = useListAtEnd(detail.data?.messages.length ?? 0);

  if (detail.isPending)
    return (
      <p className="pm-muted" aria-busy="true">
        Loading the messages...
      </p>
    );
  // Not an alert: on the case view the thread is one panel of many, read in its own time.
  if (detail.isError)
    return (
      <FormMessage kind="error" live={false}>
        {`The messages could not load: ${detail.error.message}`}
      </FormMessage>
    );

  const { thread, messages } = detail.data;
  const tooLong = draft.length > doctorChatLimits.replyMax;
  const Title = titleLevel === 2 ? 'h2' : 'h3';

  async function send(event?: FormEvent) {
    event?.preventDefault();
    if (busy || tooLong) return;
    if (draft.trim() === '') {
      setError('Please write a message.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      client.setQueryData(threadKey(userId), await replyToPatient(userId, draft));
      setDraft('');
      void client.invalidateQueries({ queryKey: threadsKey });
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="pm-thread" aria-labelledby={`${id}-title`}>
      <header className="pm-thread__head">
        <Title
          id={`${id}-title`}
          className={titleLevel === 2 ? 'pm-thread__title' : 'visually-hidden'}
        >
          {thread.patientName}
        </Title>
        <p className="pm-thread__sub">
          {thread.waitingSince ? (
            <span className="pm-wait">Waiting since {lastAt(thread.waitingSince)}</span>
          ) : (
            'Answered'
          )}
          {thread.encounterId && <> · Visit {thread.encounterId}</>}
        </p>
      </header>
      <ol className="thread-messages pm-messages" ref={listRef} aria-label="Messages" tabIndex={0}>
        {messages.length === 0 && <li className="pm-muted pm-messages__empty">No messages yet.</li>}
        {messages.map((message) => (
          <Message key={message.id} message={message} patientName={thread.patientName} />
        ))}
      </ol>
      <form className="thread-reply pm-reply" onSubmit={(e) => void send(e)} noValidate>
        <label htmlFor={`${id}-text`} className="visually-hidden">
          Reply to {thread.patientName}
        </label>
        <textarea
          id={`${id}-text`}
          className="thread-reply__text"
          rows={3}
          value={draft}
          placeholder={`Reply to ${thread.patientName}`}
          aria-invalid={error !== null || tooLong || undefined}
          aria-describedby={`${id}-count ${id}-error`}
          onChange={(event) => {
            setDraft(event.target.value);
            setError(null);
          }}
          onKeyDown={sendOnEnter(() => void send())}
        />
        <div className="thread-reply__bar">
          <span
            id={`${id}-count`}
            className={`thread-reply__count${tooLong ? ' thread-reply__count--over' : ''}`}
          >
            {draft.length}/{doctorChatLimits.replyMax}
          </span>
          <Button type="submit" size="small" busy={busy} busyLabel="Sending..." disabled={tooLong}>
            Send
          </Button>
        </div>
        <div id={`${id}-error`}>
          {tooLong && (
            <FormMessage kind="error">{`At most ${doctorChatLimits.replyMax} characters`}</FormMessage>
          )}
          {error && <FormMessage kind="error">{error}</FormMessage>}
        </div>
      </form>
    </section>
  );
}
