import { doctorChatLimits, doctorMessages, type DoctorChatMessage } from '@clinic/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { ApiError } from '../../api/client';
import { AttachmentIcon, AttachmentLinks, attachmentKind } from '../../uploads/AttachmentLinks';
import {
  acceptAttribute,
  contentTypeOf,
  pickAttachments,
  type Uploaded,
} from '../../uploads/attachments';
import { AttachmentComposer, Button, FormMessage } from '../../ui';
import { sendOnEnter, ThreadMessage, useListAtEnd } from '../ThreadMessage';
import { lastAt } from '../support/format';
import {
  replyToPatient,
  threadKey,
  threadQuery,
  threadsKey,
  uploadForPatient,
} from './messagesApi';
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
 * The clinician's reply box (see DoctorThreadPane): the text, its counter and the files; on Send
 * each file is uploaded as the patient's, then the answer is posted and the thread updated.
 */
function ReplyComposer({
  userId,
  patientName,
  id,
}: {
  userId: number;
  patientName: string;
  /** The pane's id: the reply box's ids are made from it. */
  id: string;
}) {
  const client = useQueryClient();
  const [draft, setDraft] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const tooLong = draft.length > doctorChatLimits.replyMax;

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const chosen = [...(event.target.files ?? [])];
    event.target.value = '';
    setFiles(pickAttachments(files, chosen));
    setError(null);
  }

  async function send(event?: FormEvent) {
    event?.preventDefault();
    if (busy || tooLong) return;
    if (draft.trim() === '' && files.length === 0) {
      setError('Please write a message.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      let uploaded: Uploaded[];
      try {
        uploaded = await Promise.all(files.map((file) => uploadForPatient(userId, file)));
      } catch (failure) {
        // The server's reason (a type it refuses) when it gave one; else the chat's own text.
        setError(
          failure instanceof ApiError && failure.serverMessage
            ? failure.serverMessage
            : doctorMessages.uploadFailed,
        );
        return;
      }
      client.setQueryData(threadKey(userId), await replyToPatient(userId, draft, uploaded));
      setDraft('');
      setFiles([]);
      void client.invalidateQueries({ queryKey: threadsKey });
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <AttachmentComposer
      look="files"
      className="thread-reply pm-reply"
      barClassName="thread-reply__bar"
      inputId={`${id}-file`}
      files={files}
      accept={acceptAttribute}
      maxFiles={doctorChatLimits.attachmentsPerMessage}
      busy={busy}
      fileIcon={(file) => (
        <AttachmentIcon kind={attachmentKind({ type: contentTypeOf(file), name: file.name })} />
      )}
      onChoose={choose}
      onRemove={(index) => setFiles((was) => was.filter((_, i) => i !== index))}
      onSubmit={(e) => void send(e)}
      text={
        <>
          <label htmlFor={`${id}-text`} className="visually-hidden">
            Reply to {patientName}
          </label>
          <textarea
            id={`${id}-text`}
            className="thread-reply__text"
            rows={3}
            value={draft}
            placeholder={`Reply to ${patientName}`}
            aria-invalid={error !== null || tooLong || undefined}
            aria-describedby={`${id}-count ${id}-error`}
            onChange={(event) => {
              setDraft(event.target.value);
              setError(null);
            }}
            onKeyDown={sendOnEnter(() => void send())}
          />
        </>
      }
      actions={
        <>
          <span
            id={`${id}-count`}
            className={`thread-reply__count${tooLong ? ' thread-reply__count--over' : ''}`}
          >
            {draft.length}/{doctorChatLimits.replyMax}
          </span>
          <Button type="submit" size="small" busy={busy} busyLabel="Sending..." disabled={tooLong}>
            Send
          </Button>
        </>
      }
      footer={
        <div id={`${id}-error`}>
          {tooLong && (
            <FormMessage kind="error">{`At most ${doctorChatLimits.replyMax} characters`}</FormMessage>
          )}
          {error && <FormMessage kind="error">{error}</FormMessage>}
        </div>
      }
    />
  );
}

/**
 * One patient's messages with their clinicians (the patient's on the left, the clinic's answers on
 * the right, files as links) and the reply box: up to 2000 characters with a counter, Enter sends
 * (Shift+Enter a new line), the server's message under it when it refuses. Files are attached as
 * in the patient's composer (the accepted types, 5 MB each, at most 5, each a chip to remove):
 * on Send each is uploaded as the patient's (the patient reads it as their own), then the answer
 * is posted with them; an answer needs text or a file. A new patient's thread is empty (no
 * messages yet), and before their record is open (the first claim of their case) there is no
 * reply box: they would have no Doctor on Demand tab to read it in. A note the clinician wrote
 * when asking for more is a message of this thread (the clinic posts it through the chat), so the
 * case view's pane shows it once it arrives. Used by the Patient messages section and by the case
 * view.
 */
export function DoctorThreadPane({
  userId,
  titleLevel = 2,
  recordOpen = false,
  noteAt = null,
}: {
  userId: number;
  /**
   * The heading level of the patient's name; inside the case view's section (3) the name is
   * already on the page, so it is only named for screen readers.
   */
  titleLevel?: 2 | 3;
  /**
   * The case view knows the patient's record is open (its claim opened it): until the messages
   * learn of the visit too (an event away), they are read again every 2 seconds.
   */
  recordOpen?: boolean;
  /**
   * When the clinician last wrote to the patient while asking for more (the case view's record of
   * it): the note reaches this thread an event later, so until it is here the messages are read
   * again every 2 seconds too.
   */
  noteAt?: string | null;
}) {
  const detail = useQuery({
    ...threadQuery(userId),
    refetchInterval: (query) => {
      const data = query.state.data;
      if (recordOpen && data?.thread.encounterId === null) return 2000;
      const noted = (m: DoctorChatMessage) =>
        m.is_doctor && Date.parse(m.created_at) >= Date.parse(noteAt ?? '');
      if (noteAt && !data?.messages.some(noted)) return 2000;
      return 30_000;
    },
  });
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
  const Title = titleLevel === 2 ? 'h2' : 'h3';

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
          ) : thread.lastMessageAt ? (
            'Answered'
          ) : (
            'Not started yet'
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
      {thread.encounterId === null ? (
        <p className="pm-muted pm-reply__closed">
          You can write to the patient once their record is open: claim their case first.
        </p>
      ) : (
        <ReplyComposer userId={userId} patientName={thread.patientName} id={id} />
      )}
    </section>
  );
}
