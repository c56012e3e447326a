import type { Db, Tx } from '@clinic/kit';
import { auditLog } from '../db/schema';
import type { Agent } from './agents';

export type ChatAuditAction =
  | 'conversation.read'
  | 'conversation.claim'
  | 'conversation.reply'
  | 'conversation.close'
  | 'doctor-thread.read'
  | 'doctor-thread.reply'
  | 'patient-account.read';

/**
 * One line of chat's audit trail: a staff member read a support conversation, a patient's
 * messages with their doctor (both may be about their health) or a patient's account (who they
 * are, found from an order), or acted on one. Written before a read is answered and in
 * the same transaction as a step; it names what, never the content.
 */
export async function audit(
  db: Db | Tx,
  who: Agent,
  action: ChatAuditAction,
  about: { conversationId?: number; userId?: number },
  at: Date,
): Promise<void> {
  await db.insert(auditLog).values({
    staffId: who.id,
    role: who.role,
    action,
    conversationId: about.conversationId ?? null,
    userId: about.userId ?? null,
    address: who.ip,
    at,
  });
}
