import type { AuditActionOf } from '@clinic/contracts';
import type { AuditTrail, ServiceRuntime } from '@clinic/kit';

export type ChatAuditAction = AuditActionOf<'chat'>;

/**
 * Chat's lines on the kit's audit trail: a staff member read (or watched live) a support conversation, a
 * patient's messages with their doctor (both may be about their health) or a patient's account
 * (who they are, found from an order), or acted on one. Written before a read is answered and in
 * the same transaction as a step; a line names what (`refs.conversation`, the patient), never the
 * content.
 */
export function chatAudit(runtime: ServiceRuntime): AuditTrail<ChatAuditAction> {
  return runtime.audit.of<ChatAuditAction>();
}

/** Which conversation a line is about, in the trail's `refs`. */
export function conversationRef(conversationId: number | undefined): Record<string, number> {
  return conversationId === undefined ? {} : { conversation: conversationId };
}
