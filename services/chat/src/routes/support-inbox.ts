import type { Router } from 'express';
import {
  claimConversation,
  closeConversation,
  replyConversation,
  supportConversation,
  supportInbox,
  supportPatientAccount,
} from '@clinic/contracts';
import type { IdentityDirectory } from '@clinic/identity-client';
import { bindRoute, type ServiceRuntime } from '@clinic/kit';
import { agentOf } from '../domain/agents';
import type { Conversations, Step } from '../domain/conversations';
import { supportAccount } from '../domain/support-accounts';
import type { ChatDelivery } from '../realtime/chat-sockets';

/**
 * The support inbox of the staff console: the list, one conversation (audited), claim, reply
 * and close, and a patient's account opened from an order (audited). Each step is stored first,
 * then delivered live to the person's sockets and the agents watching.
 */
export function supportInboxRoutes(
  router: Router,
  runtime: ServiceRuntime,
  identity: IdentityDirectory,
  conversations: Conversations,
  live: ChatDelivery,
): void {
  const deliver = (step: Step) => {
    for (const message of step.added) live.deliver(step.person, message);
    live.inboxChanged();
    return { status: 'success' as const, ...step.detail };
  };
  bindRoute(router, supportInbox, async ({ principal, query, req }) => ({
    status: 'success' as const,
    conversations: await conversations.inbox(
      query.view,
      await agentOf(identity, principal, req.ip ?? null),
    ),
  }));
  bindRoute(router, supportConversation, async ({ principal, params, req }) => ({
    status: 'success' as const,
    ...(await conversations.read(
      params.conversationId,
      await agentOf(identity, principal, req.ip ?? null),
    )),
  }));
  bindRoute(router, supportPatientAccount, async ({ principal, params, req }) => ({
    status: 'success' as const,
    account: await supportAccount(
      runtime,
      identity,
      params.userId,
      await agentOf(identity, principal, req.ip ?? null),
    ),
  }));
  bindRoute(router, claimConversation, async ({ principal, params, req }) =>
    deliver(
      await conversations.claim(
        params.conversationId,
        await agentOf(identity, principal, req.ip ?? null),
      ),
    ),
  );
  bindRoute(router, replyConversation, async ({ principal, params, body, req }) =>
    deliver(
      await conversations.reply(
        params.conversationId,
        await agentOf(identity, principal, req.ip ?? null),
        body.message,
      ),
    ),
  );
  bindRoute(router, closeConversation, async ({ principal, params, req }) =>
    deliver(
      await conversations.close(
        params.conversationId,
        await agentOf(identity, principal, req.ip ?? null),
      ),
    ),
  );
}
