/**
 * The support inbox's addresses: a view of the list, one conversation, or a patient's account
 * opened from an order (`?patient=`); an order search (`?number=`) travels with them, so the
 * found order stays beside what it opened and "← Inbox" comes back to it.
 */
export type InboxView = 'waiting' | 'mine' | 'closed';

function address(path: string, query: Record<string, string | null>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== null) params.set(name, value);
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

/** The list (a conversation open beside it when `conversationId` is given). */
export const inboxPath = (
  conversationId: number | null,
  view: InboxView,
  number: string | null = null,
) =>
  address(`/console/chat-inbox${conversationId === null ? '' : `/${conversationId}`}`, {
    view: view === 'waiting' ? null : view,
    number,
  });

/** A patient's account, before they ever wrote to support (no conversation to open). */
export const patientPath = (userId: number, number: string | null = null) =>
  address('/console/chat-inbox', { patient: String(userId), number });
