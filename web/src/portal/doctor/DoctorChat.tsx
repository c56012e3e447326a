import { doctorChatLimits, doctorMessages, type DoctorChatMessage } from '@clinic/contracts';
import { useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import {
  useEffect,
  useId,
  useRef,
  useState,
  type ChangeEvent,
  type FormEvent,
  type KeyboardEvent,
  type RefObject,
} from 'react';
import { toApiError } from '../../api/client';
import { AttachmentComposer, Button, TOAST_MS } from '../../ui';
import { AttachmentIcon, AttachmentLinks, attachmentKind } from '../../uploads/AttachmentLinks';
import { providerMessagesQuery, sendMessage, uploadAttachment } from './doctorApi';
import {
  acceptAttribute,
  contentTypeOf,
  pickAttachments,
  type Uploaded,
} from '../../uploads/attachments';

const clock = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });
const dayAndClock = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** "2:05 PM" today, "Nov 20, 2:05 PM" before. */
export function messageTime(iso: string, now: number = Date.now()): string {
  const at = new Date(iso);
  return at.toDateString() === new Date(now).toDateString()
    ? clock.format(at)
    : dayAndClock.format(at);
}

/** Who wrote a received message (spec 002 "Chat message"). */
export const senderLabel = (message: Pick<DoctorChatMessage, 'is_doctor'>) =>
  message.is_doctor ? 'Doctor' : 'Support';

function Message({ message }: { message: DoctorChatMessage }) {
  const sent = message.in_out === 1;
  return (
    <li className={`doctor-msg doctor-msg--${sent ? 'sent' : 'received'}`} data-id={message.id}>
      <div className="doctor-msg__bubble">
        {!sent && (
          <span className="doctor-msg__who" data-testid="sender">
            {senderLabel(message)}
            {message.is_doctor && message.author ? ` · ${message.author}` : ''}
          </span>
        )}
        {sent && <span className="visually-hidden">You: </span>}
        {message.message && <p className="doctor-msg__text">{message.message}</p>}
        <AttachmentLinks attachments={message.attachments} />
        <time className="doctor-msg__time" dateTime={message.created_at}>
          {messageTime(message.created_at)}
        </time>
      </div>
    </li>
  );
}

/** The messages, oldest first, or the greeting on an empty chat. */
function MessageList({
  listRef,
  messages,
}: {
  listRef: RefObject<HTMLOListElement | null>;
  messages: UseQueryResult<DoctorChatMessage[]>;
}) {
  const greeting: DoctorChatMessage = {
    id: 0,
    message: doctorMessages.greeting,
    in_out: 0,
    is_doctor: true,
    created_at: '',
    attachments: [],
    author: null,
  };

  return (
    <ol className="doctor-chat__list" ref={listRef} aria-label="Messages" tabIndex={0}>
      {messages.isPending && <li className="doctor-chat__note">Loading messages…</li>}
      {messages.isError && (
        <li className="doctor-chat__note doctor-chat__note--error" role="alert">
          Your messages could not load. Please try again later.
        </li>
      )}
      {messages.isSuccess && messages.data.length === 0 && (
        <li className="doctor-msg doctor-msg--received doctor-msg--greeting">
          <div className="doctor-msg__bubble">
            <span className="doctor-msg__who" data-testid="sender">
              {senderLabel(greeting)}
            </span>
            <p className="doctor-msg__text">{doctorMessages.greeting}</p>
          </div>
        </li>
      )}
      {messages.data?.map((message) => (
        <Message key={message.id} message={message} />
      ))}
    </ol>
  );
}

/**
 * The built-in doctor chat (spec 002 "Doctor chat"): the messages (the doctor's or support's on
 * the left, the patient's on the right, with files as links), the greeting on an empty chat, and
 * the composer: up to 256 characters with a counter, up to 5 files of 5 MB of the accepted types,
 * nothing sent when blank without a file; each file is uploaded, then the message is sent to the
 * visit's clinician and the list reloads. A failure shows for 3 seconds; a file the server refuses
 * is named with the reason (shown until the next send) and taken off the message (the text stays). While the chat is open
 * and the page visible, the list is read every 30 seconds, so a doctor's answer appears unasked.
 */
export function DoctorChat({ encounterId }: { encounterId: string | null }) {
  const client = useQueryClient();
  const messages = useQuery(providerMessagesQuery);
  const [draft, setDraft] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const listRef = useRef<HTMLOListElement>(null);
  const id = useId();
  const count = messages.data?.length ?? 0;

  useEffect(() => () => clearTimeout(timer.current), []);
  useEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [count]);

  /** Shows a failure for 3 seconds (spec 002), or until the next send when it must be read. */
  function fail(text: string, stay = false) {
    clearTimeout(timer.current);
    setFailure(text);
    if (!stay) timer.current = setTimeout(() => setFailure(null), TOAST_MS);
  }

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const chosen = [...(event.target.files ?? [])];
    event.target.value = '';
    setFiles(pickAttachments(files, chosen));
  }

  async function send(event?: FormEvent) {
    event?.preventDefault();
    if (busy || !encounterId) return;
    const text = draft.trim();
    // Spec 002: a blank message without a file is not sent.
    if (text === '' && files.length === 0) return;
    setBusy(true);
    try {
      let uploaded: Uploaded[];
      try {
        uploaded = await Promise.all(files.map(uploadAttachment));
      } catch {
        fail(doctorMessages.uploadFailed);
        return;
      }
      try {
        await sendMessage(text, encounterId, uploaded);
      } catch (error) {
        const refusal = toApiError(error);
        // A file the server refused by its contents: say which and why, and take it off (it is
        // deleted); anything else is the chat's own text.
        const refused = refusal.status === 400 ? refusal.detail('attachment') : undefined;
        if (typeof refused === 'string') {
          setFiles((was) => was.filter((file) => file.name !== refused));
          fail(refusal.serverMessage ?? doctorMessages.sendFailed, true);
        } else fail(doctorMessages.sendFailed);
        return;
      }
      setDraft('');
      setFiles([]);
      setFailure(null);
      await client.invalidateQueries({ queryKey: providerMessagesQuery.queryKey });
    } finally {
      setBusy(false);
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send();
    }
  }

  return (
    <section className="doctor-chat" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="visually-hidden">
        Messages with your doctor
      </h3>
      <MessageList listRef={listRef} messages={messages} />
      {failure && (
        <p className="doctor-chat__failure" role="alert">
          {failure}
        </p>
      )}
      {!encounterId ? (
        <p className="doctor-chat__note">{doctorMessages.noDoctorYet}</p>
      ) : (
        <AttachmentComposer
          look="chips"
          className="doctor-composer"
          barClassName="doctor-composer__bar"
          inputId={`${id}-file`}
          files={files}
          accept={acceptAttribute}
          maxFiles={doctorChatLimits.attachmentsPerMessage}
          fileIcon={(file) => (
            <AttachmentIcon kind={attachmentKind({ type: contentTypeOf(file), name: file.name })} />
          )}
          onChoose={choose}
          onRemove={(index) => setFiles((was) => was.filter((_, i) => i !== index))}
          onSubmit={(e) => void send(e)}
          text={
            <>
              <label htmlFor={`${id}-text`} className="visually-hidden">
                Your message
              </label>
              <textarea
                id={`${id}-text`}
                className="doctor-composer__text"
                rows={2}
                value={draft}
                maxLength={doctorChatLimits.messageMax}
                placeholder="Write a message to your doctor"
                aria-describedby={`${id}-count`}
                onChange={(event) => setDraft(event.target.value)}
                onKeyDown={onKeyDown}
              />
            </>
          }
          actions={
            <>
              <span id={`${id}-count`} className="doctor-composer__count">
                {draft.length}/{doctorChatLimits.messageMax}
              </span>
              <Button type="submit" size="small" busy={busy} busyLabel="Sending…">
                Send
              </Button>
            </>
          }
        />
      )}
    </section>
  );
}
