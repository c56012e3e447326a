import { and, asc, desc, eq, sql } from 'drizzle-orm';
import {
  chatMessages,
  type ChatMessage,
  type ChatParticipant,
  type ConversationDetail,
  type ConversationSummary,
  type inboxViews,
} from '@clinic/contracts';
import { ConflictError, NotFoundError, type Db, type ServiceRuntime, type Tx } from '@clinic/kit';
import { conversations, messages } from '../db/schema';
import type { Agent } from './agents';
import { chatAudit, conversationRef } from './audit';

type ConversationRow = typeof conversations.$inferSelect;
type MessageRow = typeof messages.$inferSelect;

/** The widget pings every 120 s; a little longer without one and the person has gone. */
const ONLINE_WINDOW_MS = 150_000;
/** The inbox's preview of the last message. */
const PREVIEW_LENGTH = 120;
const INBOX_LIMIT = 100;

/** The person a conversation belongs to, with what support sees of them. */
export interface ChatPerson extends ChatParticipant {
  email: string;
}

/** A message stored, with where it must be delivered. */
export interface Delivery {
  message: ChatMessage;
  conversation: ConversationSummary;
}

export function toChatMessage(row: MessageRow): ChatMessage {
  return {
    id: row.id,
    conversationId: row.conversationId,
    role: row.role,
    content: row.content,
    timestamp: row.createdAt.toISOString(),
    author: row.role === 'assistant' ? (row.authorName ?? 'Support') : null,
  };
}

/**
 * One conversation per person, with support: the person writes (the conversation waits, oldest
 * first in the inbox), an agent claims it and answers live, and closes it; the person's next
 * message opens it again. Every step runs in one transaction under the conversation's row lock;
 * each staff read and step leaves an audit line.
 */
export class Conversations {
  constructor(private readonly runtime: ServiceRuntime) {}

  private now(): Date {
    return this.runtime.clock.now();
  }

  /** Stores the person's message; a resend with the same client id is the first one again. */
  async post(person: ChatPerson, content: string, clientId?: string): Promise<Delivery> {
    return this.runtime.transaction(async (tx) => {
      const now = this.now();
      const row = await this.lockOrOpen(tx, person, now);
      if (clientId) {
        const [already] = await tx
          .select()
          .from(messages)
          .where(and(eq(messages.conversationId, row.id), eq(messages.clientId, clientId)));
        if (already) return { message: toChatMessage(already), conversation: summarize(row, now) };
      }
      const [message] = await tx
        .insert(messages)
        .values({ conversationId: row.id, role: 'user', content, clientId, createdAt: now })
        .returning();
      const reopened = row.status === 'closed';
      const [updated] = await tx
        .update(conversations)
        .set({
          status: reopened ? 'waiting' : row.status,
          claimedBy: reopened ? null : row.claimedBy,
          claimedByName: reopened ? null : row.claimedByName,
          waitingSince: row.waitingSince && !reopened ? row.waitingSince : now,
          lastMessageAt: now,
          lastMessage: preview(content),
          lastSeenAt: now,
          closedAt: reopened ? null : row.closedAt,
        })
        .where(eq(conversations.id, row.id))
        .returning();
      return { message: toChatMessage(message!), conversation: summarize(updated!, now) };
    });
  }

  /**
   * Puts the person's conversation in the inbox for the clinic's own reason (a refill check-in
   * missed): a system line, and the conversation waiting for an agent (a closed one reopened, a
   * claimed one left with its agent). Once per `key`, however often it is asked.
   */
  async raise(person: ChatPerson, content: string, key: string): Promise<void> {
    await this.runtime.transaction(async (tx) => {
      const now = this.now();
      const row = await this.lockOrOpen(tx, person, now);
      const [already] = await tx
        .select({ id: messages.id })
        .from(messages)
        .where(and(eq(messages.conversationId, row.id), eq(messages.clientId, key)));
      if (already) return;
      await tx
        .insert(messages)
        .values({ conversationId: row.id, role: 'system', content, clientId: key, createdAt: now });
      const reopened = row.status === 'closed';
      await tx
        .update(conversations)
        .set({
          status: reopened ? 'waiting' : row.status,
          claimedBy: reopened ? null : row.claimedBy,
          claimedByName: reopened ? null : row.claimedByName,
          waitingSince: row.waitingSince && !reopened ? row.waitingSince : now,
          lastMessageAt: now,
          lastMessage: preview(content),
          closedAt: reopened ? null : row.closedAt,
        })
        .where(eq(conversations.id, row.id));
    });
  }

  /** The person's whole conversation, oldest first (empty before their first message). */
  async history(person: ChatParticipant): Promise<ChatMessage[]> {
    const [row] = await this.runtime.db
      .select({ id: conversations.id })
      .from(conversations)
      .where(ownedBy(person));
    if (!row) return [];
    return this.messagesOf(this.runtime.db, row.id);
  }

  /** The widget's online ping (spec 000: every 120 s). */
  async seen(person: ChatParticipant): Promise<void> {
    await this.runtime.db
      .update(conversations)
      .set({ lastSeenAt: this.now() })
      .where(ownedBy(person));
  }

  async inbox(view: (typeof inboxViews)[number], agent: Agent): Promise<ConversationSummary[]> {
    const db = this.runtime.db;
    const rows =
      view === 'waiting'
        ? await db
            .select()
            .from(conversations)
            .where(eq(conversations.status, 'waiting'))
            .orderBy(asc(conversations.waitingSince), asc(conversations.id))
            .limit(INBOX_LIMIT)
        : view === 'mine'
          ? await db
              .select()
              .from(conversations)
              .where(
                and(eq(conversations.status, 'claimed'), eq(conversations.claimedBy, agent.id)),
              )
              .orderBy(
                sql`${conversations.waitingSince} asc nulls last`,
                desc(conversations.lastMessageAt),
              )
              .limit(INBOX_LIMIT)
          : await db
              .select()
              .from(conversations)
              .where(eq(conversations.status, 'closed'))
              .orderBy(desc(conversations.closedAt))
              .limit(INBOX_LIMIT);
    const now = this.now();
    // The list shows each person's last message: a line per conversation on it (re-reads within
    // 15 minutes add none), written before it is answered.
    await chatAudit(this.runtime).recordEachPerWindow(
      db,
      agent,
      rows.map((row) => ({
        action: 'conversation.list',
        patientId: patientOf(row),
        subject: `inbox: ${view}`,
        refs: conversationRef(row.id),
        at: now,
      })),
    );
    return rows.map((row) => summarize(row, now));
  }

  /** One conversation for an agent: the read is audited before it is answered. */
  async read(conversationId: number, agent: Agent): Promise<ConversationDetail> {
    return this.runtime.transaction(async (tx) => {
      const row = await this.lock(tx, conversationId);
      await chatAudit(this.runtime).record(tx, agent, {
        action: 'conversation.read',
        patientId: patientOf(row),
        refs: conversationRef(row.id),
        at: this.now(),
      });
      return {
        conversation: summarize(row, this.now()),
        messages: await this.messagesOf(tx, row.id),
      };
    });
  }

  /**
   * An agent starts watching a conversation live (its messages pushed to their socket as they
   * come): a read, audited before the first message reaches them.
   */
  async watch(conversationId: number, agent: Agent): Promise<void> {
    const [row] = await this.runtime.db
      .select()
      .from(conversations)
      .where(eq(conversations.id, conversationId));
    if (!row) throw new NotFoundError(chatMessages.conversationNotFound);
    await chatAudit(this.runtime).record(this.runtime.db, agent, {
      action: 'conversation.watch',
      patientId: patientOf(row),
      refs: conversationRef(row.id),
      at: this.now(),
    });
  }

  /** The agent takes a waiting conversation; taking one's own again changes nothing. */
  async claim(conversationId: number, agent: Agent): Promise<Step> {
    return this.step(conversationId, agent, 'conversation.claim', async (tx, row, now) => {
      const line = await this.takeOver(tx, row, agent, now);
      return line ? [line] : [];
    });
  }

  /** The agent answers; a waiting conversation becomes theirs first. */
  async reply(conversationId: number, agent: Agent, content: string): Promise<Step> {
    return this.step(conversationId, agent, 'conversation.reply', async (tx, row, now) => {
      const joined = await this.takeOver(tx, row, agent, now);
      const [answer] = await tx
        .insert(messages)
        .values({
          conversationId: row.id,
          role: 'assistant',
          authorId: agent.id,
          authorName: agent.firstName,
          content,
          createdAt: now,
        })
        .returning();
      await tx
        .update(conversations)
        .set({ waitingSince: null, lastMessageAt: now, lastMessage: preview(content) })
        .where(eq(conversations.id, row.id));
      return [...(joined ? [joined] : []), toChatMessage(answer!)];
    });
  }

  async close(conversationId: number, agent: Agent): Promise<Step> {
    return this.step(conversationId, agent, 'conversation.close', async (tx, row, now) => {
      if (row.status === 'claimed' && row.claimedBy !== agent.id && agent.role !== 'admin')
        throw new ConflictError(chatMessages.claimedByOther);
      await tx
        .update(conversations)
        .set({
          status: 'closed',
          claimedBy: null,
          claimedByName: null,
          waitingSince: null,
          closedAt: now,
        })
        .where(eq(conversations.id, row.id));
      return [
        await this.systemLine(tx, row.id, agent, chatMessages.closedBy(agent.firstName), now),
      ];
    });
  }

  /** A staff step under the row lock, with its audit line; answers the conversation after it. */
  private async step(
    conversationId: number,
    agent: Agent,
    action: 'conversation.claim' | 'conversation.reply' | 'conversation.close',
    work: (tx: Tx, row: ConversationRow, now: Date) => Promise<ChatMessage[]>,
  ): Promise<Step> {
    return this.runtime.transaction(async (tx) => {
      const now = this.now();
      const row = await this.lock(tx, conversationId);
      if (row.status === 'closed') throw new ConflictError(chatMessages.conversationClosed);
      const added = await work(tx, row, now);
      await chatAudit(this.runtime).record(tx, agent, {
        action,
        refs: conversationRef(row.id),
        at: now,
      });
      const after = await this.lock(tx, conversationId);
      return {
        added,
        detail: {
          conversation: summarize(after, now),
          messages: await this.messagesOf(tx, row.id),
        },
        person: { kind: after.participantKind, id: after.participantId },
      };
    });
  }

  /** A waiting conversation becomes the agent's, with a system line; another's is refused. */
  private async takeOver(
    tx: Tx,
    row: ConversationRow,
    agent: Agent,
    now: Date,
  ): Promise<ChatMessage | null> {
    if (row.status === 'claimed') {
      if (row.claimedBy === agent.id) return null;
      throw new ConflictError(chatMessages.claimedByOther);
    }
    await tx
      .update(conversations)
      .set({ status: 'claimed', claimedBy: agent.id, claimedByName: agent.name })
      .where(eq(conversations.id, row.id));
    return this.systemLine(tx, row.id, agent, chatMessages.joined(agent.firstName), now);
  }

  private async systemLine(
    tx: Tx,
    conversationId: number,
    agent: Agent,
    content: string,
    now: Date,
  ): Promise<ChatMessage> {
    const [line] = await tx
      .insert(messages)
      .values({
        conversationId,
        role: 'system',
        authorId: agent.id,
        authorName: agent.firstName,
        content,
        createdAt: now,
      })
      .returning();
    return toChatMessage(line!);
  }

  private async lock(tx: Tx, conversationId: number): Promise<ConversationRow> {
    const [row] = await tx
      .select()
      .from(conversations)
      .where(eq(conversations.id, conversationId))
      .for('update');
    if (!row) throw new NotFoundError(chatMessages.conversationNotFound);
    return row;
  }

  /** The person's conversation under its row lock, opened on their first message. */
  private async lockOrOpen(tx: Tx, person: ChatPerson, now: Date): Promise<ConversationRow> {
    await tx
      .insert(conversations)
      .values({
        participantKind: person.kind,
        participantId: person.id,
        displayName: person.name,
        email: person.email,
        status: 'waiting',
        createdAt: now,
      })
      .onConflictDoNothing();
    const [row] = await tx.select().from(conversations).where(ownedBy(person)).for('update');
    return row!;
  }

  private async messagesOf(db: Db | Tx, conversationId: number): Promise<ChatMessage[]> {
    const rows = await db
      .select()
      .from(messages)
      .where(eq(messages.conversationId, conversationId))
      .orderBy(asc(messages.id));
    return rows.map(toChatMessage);
  }
}

/** What a staff step answers: the lines it added (to deliver live) and the conversation after. */
export interface Step {
  added: ChatMessage[];
  detail: ConversationDetail;
  person: Pick<ChatParticipant, 'kind' | 'id'>;
}

/** The patient a conversation is with (a visitor has no account). */
function patientOf(row: ConversationRow): number | null {
  return row.participantKind === 'patient' ? row.participantId : null;
}

function ownedBy(person: Pick<ChatParticipant, 'kind' | 'id'>) {
  return and(
    eq(conversations.participantKind, person.kind),
    eq(conversations.participantId, person.id),
  );
}

function preview(content: string): string {
  const line = content.replace(/\s+/g, ' ').trim();
  return line.length > PREVIEW_LENGTH ? `${line.slice(0, PREVIEW_LENGTH - 1)}…` : line;
}

export function summarize(row: ConversationRow, now: Date): ConversationSummary {
  return {
    conversationId: row.id,
    participant: { kind: row.participantKind, id: row.participantId, name: row.displayName },
    email: row.email,
    status: row.status,
    waitingSince: row.waitingSince?.toISOString() ?? null,
    lastMessageAt: row.lastMessageAt?.toISOString() ?? null,
    lastMessage: row.lastMessage,
    online: !!row.lastSeenAt && now.getTime() - row.lastSeenAt.getTime() < ONLINE_WINDOW_MS,
    claimedBy:
      row.claimedBy !== null ? { id: row.claimedBy, name: row.claimedByName ?? 'Support' } : null,
  };
}
