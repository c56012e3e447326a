import type { Principal } from '@clinic/contracts';
import type { IdentityDirectory } from '@clinic/identity-client';
import { ForbiddenError } from '@clinic/kit';

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
  const member = await identity.staffMember(principal.userId);
  if (!member) throw new ForbiddenError('This is for clinic staff only.');
  const firstName = member.first_name.trim() || 'Support';
  const name = `${member.first_name} ${member.last_name}`.trim() || `Staff #${member.id}`;
  return { id: member.id, name, firstName, role: member.role, ip };
}
