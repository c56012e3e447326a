export { chatService } from './app';
export type { ChatDeps } from './deps';
export { chatConfigFields, chatDepsFromConfig } from './config';
