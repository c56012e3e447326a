-- The live chat (issue 18): visitors' chat profiles, one conversation per person, its messages,
-- and the audit trail of staff reads. Times are UTC, written by the service from its clock.

-- A visitor who chats without an account (spec 000: first name, last name, email). Only the
-- SHA-256 of the chat token is kept: the token alone opens the visitor's conversation.
create table chat.visitors (
  id serial primary key,
  first_name text not null check (length(first_name) between 1 and 50),
  last_name text not null check (length(last_name) between 1 and 50),
  email text not null check (email = lower(email) and length(email) between 3 and 256),
  token_hash text not null unique,
  created_at timestamptz not null
);
create index visitors_by_email on chat.visitors (email);

-- One conversation per person (a patient's account or a visitor's profile). Closing it keeps
-- it; the person's next message opens it again, waiting.
create table chat.conversations (
  id serial primary key,
  participant_kind text not null check (participant_kind in ('patient', 'visitor')),
  participant_id integer not null,
  display_name text not null,
  email text not null,
  status text not null check (status in ('waiting', 'claimed', 'closed')),
  claimed_by integer,
  claimed_by_name text,
  -- The person's first message since the last answer; null while nothing waits.
  waiting_since timestamptz,
  last_message_at timestamptz,
  last_message text,
  -- The widget's online ping (every 120 s): the inbox shows who is still there.
  last_seen_at timestamptz,
  created_at timestamptz not null,
  closed_at timestamptz,
  unique (participant_kind, participant_id),
  check ((status = 'claimed') = (claimed_by is not null))
);
create index conversations_waiting on chat.conversations (waiting_since) where status = 'waiting';
create index conversations_by_agent on chat.conversations (claimed_by) where status = 'claimed';

create table chat.messages (
  id bigserial primary key,
  conversation_id integer not null references chat.conversations (id),
  role text not null check (role in ('user', 'assistant', 'system')),
  -- The agent who wrote an answer (a system line names who acted); null for the person.
  author_id integer,
  author_name text,
  content text not null check (length(content) between 1 and 1000),
  -- The widget's id for a message, so a resend after a reconnect is stored once.
  client_id text,
  created_at timestamptz not null,
  unique (conversation_id, client_id)
);
create index messages_by_conversation on chat.messages (conversation_id, id);

-- Every staff read of a conversation and every step taken on it; never changed.
create table chat.audit_log (
  id bigserial primary key,
  staff_id integer not null,
  role text not null,
  action text not null,
  conversation_id integer not null,
  address text,
  at timestamptz not null
);
create index audit_by_at on chat.audit_log (at);

create function chat.refuse_change() returns trigger language plpgsql as $$
begin
  raise exception '% rows are never changed or removed', tg_table_name;
end $$;
create trigger audit_log_append_only before update or delete on chat.audit_log
  for each row execute function chat.refuse_change();
