/**
 * Support's calls (contracts/src/api/chat.ts, support.ts) through the typed client: the inbox by
 * view, one conversation, claim, reply and close, the patient's orders beside it, an order found
 * by its number and the account of its patient. Reads are React Query options; every answer is parsed by the route's
 * response schema.
 */
import {
  backgroundActivityHeaders,
  claimConversation,
  closeConversation,
  orderNumber,
  replyConversation,
  supportConversation,
  supportInbox,
  supportOrderSearch,
  supportPatientAccount,
  supportPatientOrders,
  type ConversationDetail,
  type ConversationSummary,
  type SupportAccount,
  type SupportOrder,
} from '@clinic/contracts';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../api/client';

import type { InboxView } from './paths';

export type { InboxView } from './paths';

export const inboxKey = ['support-inbox'] as const;
export const conversationKey = (conversationId: number) =>
  ['support-conversation', conversationId] as const;

/** GET /api/console/support/conversations?view=...: one view of the inbox. */
export function inboxQuery(view: InboxView) {
  return queryOptions<ConversationSummary[], Error>({
    queryKey: [...inboxKey, view],
    queryFn: async () =>
      (await callApi(supportInbox, { query: { view }, headers: backgroundActivityHeaders }))
        .conversations,
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

export interface FoundOrders {
  orders: SupportOrder[];
  /** Whose order it is; null when no order has the number. */
  userId: number | null;
}

/**
 * GET /api/console/support/orders?number=...: one order found by its number, with its refills,
 * and its patient.
 */
export function orderSearchQuery(orderId: number) {
  return queryOptions<FoundOrders, Error>({
    queryKey: ['support-order-search', orderId],
    queryFn: async () => {
      const found = await callApi(supportOrderSearch, { query: { number: orderNumber(orderId) } });
      return { orders: found.orders, userId: found.userId };
    },
    retry: false,
  });
}

/** GET /api/console/support/accounts/{userId}: the patient's name, email and chat, if any. */
export function accountQuery(userId: number) {
  return queryOptions<SupportAccount, Error>({
    queryKey: ['support-account', userId],
    queryFn: async () => (await callApi(supportPatientAccount, { params: { userId } })).account,
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
