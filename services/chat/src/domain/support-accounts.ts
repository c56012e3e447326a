import { and, eq } from 'drizzle-orm';
import { chatMessages, type SupportAccount } from '@clinic/contracts';
import type { IdentityDirectory } from '@clinic/identity-client';
import { NotFoundError, type ServiceRuntime } from '@clinic/kit';
import { conversations } from '../db/schema';
import type { Agent } from './agents';
import { chatAudit, conversationRef } from './audit';
import { patientName } from './patient-names';

/**
 * A patient's account as support opens it from an order they found (issue 26): name, email and
 * the patient's conversation, if they ever wrote. Only patients have one: anyone else is not
 * found. The read is audited before it is answered.
 */
export async function supportAccount(
  runtime: ServiceRuntime,
  identity: IdentityDirectory,
  userId: number,
  agent: Agent,
): Promise<SupportAccount> {
  const contact = await identity.patientContact(userId);
  if (!contact) throw new NotFoundError(chatMessages.patientNotFound);
  const [conversation] = await runtime.db
    .select({ id: conversations.id })
    .from(conversations)
    .where(
      and(eq(conversations.participantKind, 'patient'), eq(conversations.participantId, userId)),
    );
  await chatAudit(runtime).record(runtime.db, agent, {
    action: 'patient-account.read',
    patientId: userId,
    refs: conversationRef(conversation?.id),
    at: runtime.clock.now(),
  });
  return {
    participant: { kind: 'patient', id: userId, name: patientName(userId, contact) },
    email: contact.email,
    conversationId: conversation?.id ?? null,
  };
}
