import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  chatAvailability,
  chatLimits,
  chatMessages,
  chatUser,
  type ChatAvailability,
  type ChatMessage,
} from '@clinic/contracts';
import { callApi } from '../api/client';
import { accountUserOf, useSession } from '../session/session';
import { Button, Field, FormError, TOAST_MS } from '../ui';
import { ChatConnection, type ChatStatus } from './chatConnection';
import {
  forgetChatProfile,
  readChatProfile,
  saveChatProfile,
  type ChatProfile,
} from './chatProfile';

/** HH:mm, as spec 000 section 9 shows a message's time. */
export function clockTime(iso: string): string {
  const at = new Date(iso);
  return `${String(at.getHours()).padStart(2, '0')}:${String(at.getMinutes()).padStart(2, '0')}`;
}

const statusText: Record<Exclude<ChatStatus, 'connected'>, string> = {
  connecting: 'Connecting…',
  disconnected: 'Disconnected. Trying again…',
  error: 'Connection problem. Trying again…',
  reconnecting: 'Reconnecting…',
};

/** Connected, the dot says whether anyone answers now: the staffed-hours answer's. */
const presenceText = { online: 'Online', away: 'Away', connected: 'Connected' } as const;

/**
 * The status line's dot and words: the connection while it is not up; once connected, 'Online'
 * only while the chat is staffed, 'Away' outside the hours (the header then says when we reply),
 * plain 'Connected' until the hours are known.
 */
export function chatPresence(
  status: ChatStatus,
  staffedNow: boolean | null,
): { kind: string; text: string } {
  if (status !== 'connected') return { kind: status, text: statusText[status] };
  const kind = staffedNow === null ? 'connected' : staffedNow ? 'online' : 'away';
  return { kind, text: presenceText[kind] };
}

/**
 * The open chat widget (spec 000 "Chat"): with no profile, the registration form (first name,
 * last name, email); with one (a logged-in patient, or a registered visitor), the conversation
 * with support, the reply time to expect, and the composer (256 characters, sent only while
 * connected).
 */
export default function ChatPanel({ onClose }: { onClose(): void }) {
  const session = useSession();
  const account = accountUserOf(session?.user);
  const [visitor, setVisitor] = useState<ChatProfile | null>(() => readChatProfile());
  const availability = useAvailability();

  const who =
    account && session
      ? {
          auth: { token: session.token },
          userId: account.id,
          name: `${account.first_name} ${account.last_name}`.trim(),
          email: account.email,
        }
      : visitor
        ? {
            auth: { chatToken: visitor.chat_token },
            userId: visitor.id,
            name: `${visitor.first_name} ${visitor.last_name}`,
            email: visitor.email,
          }
        : null;

  return (
    <section className="chat-panel" role="dialog" aria-label="Chat with support">
      <header className="chat-panel__head">
        <div>
          <h2 className="chat-panel__title">Chat with us</h2>
          {availability && (
            <p className="chat-panel__expect">
              {availability.chat.expectation}
              <span className="chat-panel__hours">{availability.chat.hours}</span>
            </p>
          )}
        </div>
        <button
          type="button"
          className="chat-panel__close"
          aria-label="Close chat"
          onClick={onClose}
        >
          ×
        </button>
      </header>
      {who ? (
        <Conversation
          key={`${who.userId}-${'token' in who.auth ? 'account' : 'visitor'}`}
          {...who}
          staffedNow={availability?.chat.staffedNow ?? null}
          onUnknownVisitor={() => {
            forgetChatProfile();
            setVisitor(null);
          }}
        />
      ) : (
        <Registration
          onRegistered={(profile) => {
            saveChatProfile(profile);
            setVisitor(profile);
          }}
        />
      )}
    </section>
  );
}

/**
 * The staffed hours and reply time, read when the panel opens. A plain effect, not React Query:
 * the panel also opens on /support, which is outside the query scope (routes.tsx). A failure
 * only leaves the line out.
 */
function useAvailability(): ChatAvailability | null {
  const [availability, setAvailability] = useState<ChatAvailability | null>(null);
  useEffect(() => {
    let live = true;
    callApi(chatAvailability).then(
      (answer) => live && setAvailability(answer),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  return availability;
}

function Registration({ onRegistered }: { onRegistered(profile: ChatProfile): void }) {
  const navigate = useNavigate();
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!firstName.trim() || !lastName.trim()) return setError(chatMessages.registrationNeedsName);
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim()))
      return setError(chatMessages.registrationNeedsEmail);
    setError(null);
    setBusy(true);
    try {
      const answer = await callApi(chatUser, {
        body: {
          first_name: firstName.trim(),
          last_name: lastName.trim(),
          email: email.trim().toLowerCase(),
          source_web: 2,
          user_type: 'chat',
        },
      });
      if (answer.status === 'exists') {
        navigate('/login?page_ref=Checkouts');
        return;
      }
      onRegistered(answer.user);
    } catch {
      setError(chatMessages.registrationFailed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="chat-panel__register" onSubmit={(e) => void submit(e)} noValidate>
      <p className="chat-panel__lead">Tell us who you are and we’ll start the chat.</p>
      <Field
        label="First name"
        value={firstName}
        onValueChange={setFirstName}
        autoComplete="given-name"
        maxLength={50}
      />
      <Field
        label="Last name"
        value={lastName}
        onValueChange={setLastName}
        autoComplete="family-name"
        maxLength={50}
      />
      <Field
        label="Email"
        type="email"
        value={email}
        onValueChange={setEmail}
        autoComplete="email"
        maxLength={256}
      />
      <FormError>{error}</FormError>
      <Button type="submit" busy={busy} busyLabel="Starting…">
        Start chat
      </Button>
    </form>
  );
}

function Conversation(props: {
  auth: { token: string } | { chatToken: string };
  userId: number;
  name: string;
  email: string;
  /** Whether the chat is staffed now; null until the hours are read. */
  staffedNow: boolean | null;
  onUnknownVisitor(): void;
}) {
  const [status, setStatus] = useState<ChatStatus>('connecting');
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [draft, setDraft] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const connection = useRef<ChatConnection | null>(null);
  const list = useRef<HTMLOListElement>(null);
  const { auth, userId, name, email, onUnknownVisitor } = props;
  const presence = chatPresence(status, props.staffedNow);

  useEffect(() => {
    const merge = (incoming: ChatMessage[]) =>
      setMessages((current) => {
        const byId = new Map(current.map((m) => [m.id, m]));
        for (const m of incoming) byId.set(m.id, m);
        return [...byId.values()].sort((a, b) => a.id - b.id);
      });
    let failures = 0;
    const chat = new ChatConnection({
      auth,
      userId,
      name,
      email,
      onStatus: (next) => {
        setStatus(next);
        failures = next === 'error' ? failures + 1 : next === 'connected' ? 0 : failures;
        // A visitor whose chat token no longer opens anything registers again.
        if ('chatToken' in auth && failures >= 2) onUnknownVisitor();
      },
      onMessage: (m) => merge([m]),
      onHistory: (history) => setMessages(history),
      onError: (message) => setFailure(message),
    });
    connection.current = chat;
    chat.connect();
    return () => chat.close();
    // The conversation is keyed by who chats; the callbacks' identities do not matter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (!failure) return;
    const timer = setTimeout(() => setFailure(null), TOAST_MS);
    return () => clearTimeout(timer);
  }, [failure]);

  useEffect(() => {
    list.current?.lastElementChild?.scrollIntoView?.({ block: 'end' });
  }, [messages]);

  const canSend = status === 'connected' && draft.trim().length > 0 && !sending;
  const send = async () => {
    if (!canSend || !connection.current) return;
    setSending(true);
    try {
      const stored = await connection.current.send(draft);
      setDraft('');
      setMessages((current) =>
        current.some((m) => m.id === stored.id) ? current : [...current, stored],
      );
    } catch (err) {
      setFailure(err instanceof Error ? err.message : chatMessages.sendFailed);
    } finally {
      setSending(false);
    }
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      void send();
    }
  };

  return (
    <>
      <p className={`chat-panel__status chat-panel__status--${presence.kind}`} role="status">
        <span className="chat-panel__dot" aria-hidden="true" />
        {presence.text}
      </p>
      <ol className="chat-panel__messages" ref={list} aria-live="polite" aria-label="Messages">
        {messages.length === 0 && (
          <li className="chat-panel__empty">Send us a message and we’ll reply right here.</li>
        )}
        {messages.map((m) => (
          <li key={m.id} className={`chat-message chat-message--${m.role}`}>
            {m.role === 'system' ? (
              <span>{m.content}</span>
            ) : (
              <>
                {m.role === 'assistant' && <span className="chat-message__author">{m.author}</span>}
                <span className="chat-message__text">{m.content}</span>
                <time className="chat-message__time" dateTime={m.timestamp}>
                  {clockTime(m.timestamp)}
                </time>
              </>
            )}
          </li>
        ))}
      </ol>
      {failure && (
        <p className="chat-panel__failure" role="alert">
          {failure}
        </p>
      )}
      <form
        className="chat-panel__composer"
        onSubmit={(e) => {
          e.preventDefault();
          void send();
        }}
      >
        <label className="visually-hidden" htmlFor="chat-draft">
          Your message
        </label>
        <textarea
          id="chat-draft"
          rows={2}
          value={draft}
          maxLength={chatLimits.messageMax}
          placeholder="Type your message"
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={onKeyDown}
        />
        <span className="chat-panel__count" aria-hidden="true">
          {draft.length}/{chatLimits.messageMax}
        </span>
        <Button type="submit" size="small" disabled={!canSend} busy={sending} busyLabel="Sending…">
          Send
        </Button>
      </form>
    </>
  );
}
