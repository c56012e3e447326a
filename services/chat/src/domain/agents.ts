import type { Principal } from '@clinic/contracts';
import { requireStaff, type IdentityDirectory } from '@clinic/identity-client';

/** The support agent (or admin) behind a console call or socket, by identity's name. */
export interface Agent {
  id: number;
  name: string;
  /** What the patient sees on an answer: the agent's first name. */
  firstName: string;
  role: string;
  ip: string | null;
}

/** Asked outside any transaction: identity may share the embedded database's one connection. */
export async function agentOf(
  identity: IdentityDirectory,
  principal: Principal,
  ip: string | null,
): Promise<Agent> {
  const member = await requireStaff(identity, principal.userId);
  return { ...member, firstName: member.firstName || 'Support', ip };
}
