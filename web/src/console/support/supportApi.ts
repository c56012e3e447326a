/**
 * Support's calls (contracts/src/api/chat.ts, support.ts) through the typed client: the inbox by
 * view, one conversation, claim, reply and close, the patient's orders beside it, and an order
 * found by its number. Reads are React Query options; every answer is parsed by the route's
 * response schema.
 */
import {
  claimConversation,
  closeConversation,
  orderNumber,
  replyConversation,
  supportConversation,
  supportInbox,
  supportOrderSearch,
  supportPatientOrders,
  type ConversationDetail,
  type ConversationSummary,
  type SupportOrder,
} from '@clinic/contracts';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../api/client';

export type InboxView = 'waiting' | 'mine' | 'closed';

export const inboxKey = ['support-inbox'] as const;
export const conversationKey = (conversationId: number) =>
  ['support-conversation', conversationId] as const;

/** GET /api/console/support/conversations?view=...: one view of the inbox. */
export function inboxQuery(view: InboxView) {
  return queryOptions<ConversationSummary[], Error>({
    queryKey: [...inboxKey, view],
    queryFn: async () => (await callApi(supportInbox, { query: { view } })).conversations,
    retry: false,
    // The socket says when it changes; this only refreshes the waits and online dots.
    refetchInterval: 60_000,
  });
}

/** GET /api/console/support/conversations/{id}: the conversation and every message. */
export function conversationQuery(conversationId: number) {
  return queryOptions<ConversationDetail, Error>({
    queryKey: conversationKey(conversationId),
    queryFn: async () => {
      const { conversation, messages } = await callApi(supportConversation, {
        params: { conversationId },
      });
      return { conversation, messages };
    },
    retry: false,
  });
}

/** GET /api/console/support/patients/{userId}/orders: the patient's orders, no health data. */
export function patientOrdersQuery(userId: number) {
  return queryOptions<SupportOrder[], Error>({
    queryKey: ['support-patient-orders', userId],
    queryFn: async () => (await callApi(supportPatientOrders, { params: { userId } })).orders,
    retry: false,
  });
}

/** GET /api/console/support/orders?number=...: one order found by its number, with its refills. */
export function orderSearchQuery(orderId: number) {
  return queryOptions<SupportOrder[], Error>({
    queryKey: ['support-order-search', orderId],
    queryFn: async () =>
      (await callApi(supportOrderSearch, { query: { number: orderNumber(orderId) } })).orders,
    retry: false,
  });
}

const detailOf = ({ conversation, messages }: ConversationDetail): ConversationDetail => ({
  conversation,
  messages,
});

export const claim = async (conversationId: number) =>
  detailOf(await callApi(claimConversation, { params: { conversationId } }));
export const reply = async (conversationId: number, message: string) =>
  detailOf(await callApi(replyConversation, { params: { conversationId }, body: { message } }));
export const close = async (conversationId: number) =>
  detailOf(await callApi(closeConversation, { params: { conversationId } }));
