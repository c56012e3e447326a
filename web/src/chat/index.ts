/** What other features use of the support chat: its bubble, and its panel loaded on first open. */
export { ChatBubble } from './ChatBubble';
export const loadChatPanel = () => import('./ChatPanel');
