import type { Db, Tx } from '@clinic/kit';
import { auditLog } from '../db/schema';
import type { Agent } from './agents';

export type ChatAuditAction =
  'conversation.read' | 'conversation.claim' | 'conversation.reply' | 'conversation.close';

/**
 * One line of chat's audit trail: a staff member read a conversation (what a person writes to
 * support may be about their health) or acted on it. Written before a read is answered and in
 * the same transaction as a step; it names what, never the content.
 */
export async function audit(
  db: Db | Tx,
  who: Agent,
  action: ChatAuditAction,
  conversationId: number,
  at: Date,
): Promise<void> {
  await db.insert(auditLog).values({
    staffId: who.id,
    role: who.role,
    action,
    conversationId,
    address: who.ip,
    at,
  });
}
