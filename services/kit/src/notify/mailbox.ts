import { sql } from 'drizzle-orm';
import { rows, type Database } from '../db/database';
import { assertSchemaName, migrate, type Migration } from '../db/migrate';
import type { NotificationChannel, OutgoingMessage } from './message';
import type { NotificationTransport } from './transport';

/**
 * The dev mailbox: where email and SMS go when no mail server or SMS provider is configured
 * (single-node and development). It stands in for the outside world, not for service data, which
 * is why it has its own schema (`dev_mailbox`) that every service may write to. Messages are kept
 * until cleared and read back newest first, by people through the mailbox page and by end-to-end
 * tests that need a code or a link that was "sent".
 */

export const MAILBOX_SCHEMA = 'dev_mailbox';

export function mailboxMigrations(schema: string): Migration[] {
  const s = `"${schema}"`;
  return [
    {
      name: 'mailbox/0001_messages.sql',
      sql: `
        create table ${s}.messages (
          id bigserial primary key,
          channel text not null check (channel in ('email', 'sms')),
          recipient text not null,
          subject text,
          body text not null,
          html text,
          sent_at timestamptz not null default now()
        );
        create index messages_recipient on ${s}.messages (recipient, id desc);
      `,
    },
    {
      // It belongs to no service: each one's role (db/roles.ts) sends to it, the gateway's reads
      // and clears it.
      name: 'mailbox/0002_every_role.sql',
      sql: `
        grant usage on schema ${s} to public;
        grant select, insert, delete on ${s}.messages to public;
        grant usage on sequence ${s}.messages_id_seq to public;
      `,
    },
  ];
}

export interface MailboxMessage {
  id: string;
  channel: NotificationChannel;
  to: string;
  subject: string | null;
  body: string;
  /** ISO 8601, UTC. */
  sentAt: string;
}

export interface MailboxFilter {
  to?: string;
  channel?: NotificationChannel;
  /** At most this many (default 100, capped at 500). */
  limit?: number;
}

interface MessageRow {
  id: string;
  channel: NotificationChannel;
  recipient: string;
  subject: string | null;
  body: string;
  sent_at: string;
}

// Drivers disagree on bigint and timestamptz values (and Drizzle may hand back raw text), so the
// columns come out as text in one fixed shape: the id as digits, the time as ISO 8601 UTC.
const columns = sql.raw(
  `id::text as id, channel, recipient, subject, body,
   to_char(sent_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as sent_at`,
);

const DEFAULT_LIMIT = 100;
const MAX_LIMIT = 500;

export class MailboxStore {
  constructor(
    private readonly database: Database,
    private readonly schema: string = MAILBOX_SCHEMA,
  ) {
    assertSchemaName(schema);
  }

  private get table() {
    return sql`${sql.identifier(this.schema)}.messages`;
  }

  /**
   * Creates the mailbox schema, on `owner` when the mailbox's own connection may not (a
   * service's user in cluster mode); safe to call from every service at start-up.
   */
  async migrate(owner: Database = this.database): Promise<void> {
    await migrate(owner, this.schema, mailboxMigrations(this.schema));
  }

  async add(message: OutgoingMessage): Promise<MailboxMessage> {
    const [row] = await rows<MessageRow>(
      this.database.db,
      sql`insert into ${this.table} (channel, recipient, subject, body, html)
          values (${message.channel}, ${message.to}, ${message.subject ?? null}, ${message.body}, ${message.html ?? null})
          returning ${columns}`,
    );
    if (!row) throw new Error('Mailbox insert returned no row');
    return toMessage(row);
  }

  /** Newest first. */
  async list(filter: MailboxFilter = {}): Promise<MailboxMessage[]> {
    const limit = Math.min(Math.max(Math.trunc(filter.limit ?? DEFAULT_LIMIT), 1), MAX_LIMIT);
    const conditions = [sql`true`];
    if (filter.to !== undefined) conditions.push(sql`recipient = ${filter.to}`);
    if (filter.channel !== undefined) conditions.push(sql`channel = ${filter.channel}`);
    const found = await rows<MessageRow>(
      this.database.db,
      // The id follows insertion order even within one transaction, where now() does not move.
      // Qualified, because a bare `id` in ORDER BY names the output column, the id as text,
      // which put message 10 after message 9.
      sql`select ${columns} from ${this.table}
          where ${sql.join(conditions, sql` and `)}
          order by messages.id desc
          limit ${limit}`,
    );
    return found.map(toMessage);
  }

  async clear(): Promise<void> {
    await this.database.db.execute(sql`delete from ${this.table}`);
  }
}

function toMessage(row: MessageRow): MailboxMessage {
  return {
    id: row.id,
    channel: row.channel,
    to: row.recipient,
    subject: row.subject,
    body: row.body,
    sentAt: row.sent_at,
  };
}

/** Delivers into the dev mailbox; at least once, like every transport behind the job queue. */
export class MailboxTransport implements NotificationTransport {
  constructor(private readonly store: MailboxStore) {}

  async send(message: OutgoingMessage): Promise<void> {
    await this.store.add(message);
  }
}
