/**
 * Support's pages of the console (admins see them too), downloaded the first time one opens,
 * like the clinician's and the pharmacy's: the chat inbox, with one conversation open when
 * `conversationId` is given.
 */
import { SupportInboxPage } from './SupportInboxPage';

export type SupportPageKey = 'chat-inbox';

export default function SupportPages({
  conversationId,
  staffId,
}: {
  section: SupportPageKey;
  conversationId: number | null;
  staffId: number;
}) {
  return <SupportInboxPage conversationId={conversationId} staffId={staffId} />;
}
