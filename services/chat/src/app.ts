import { Router } from 'express';
import type { ServiceModule } from '@clinic/kit';

/**
 * Chat owns the socket.io chat, chat profiles and doctor messages (BRIEF section 4). It runs on
 * the platform already; its calls arrive with the chat issue.
 */
export const chatService: ServiceModule = {
  name: 'chat',
  migrationsDir: null,
  build: () => ({ router: Router() }),
};
