import { join } from 'node:path';
import { Router } from 'express';
import type { ServiceModule } from '@clinic/kit';
import type { ChatDeps } from './deps';
import { Conversations } from './domain/conversations';
import { Visitors } from './domain/visitors';
import { ChatSockets } from './realtime/chat-sockets';
import { chatAvailabilityRoute } from './routes/chat-availability';
import { chatUserRoute } from './routes/chat-user';
import { supportInboxRoutes } from './routes/support-inbox';

export type { ChatDeps } from './deps';

/**
 * Chat owns the live chat (BRIEF section 4): visitors' chat profiles, one conversation per
 * person with support over socket.io, the support inbox of the staff console, and the staffed
 * hours patients are shown.
 */
export const chatService: ServiceModule<ChatDeps> = {
  name: 'chat',
  migrationsDir: join(__dirname, 'db', 'migrations'),
  build(runtime, deps) {
    const router = Router();
    const visitors = new Visitors(runtime, deps.identity);
    const conversations = new Conversations(runtime);
    const sockets = new ChatSockets({
      identity: deps.identity,
      visitors,
      conversations,
      rateLimiter: runtime.engines.rateLimiter,
      logger: runtime.logger,
      redisUrl: deps.redisUrl,
    });
    chatUserRoute(router, runtime, visitors);
    chatAvailabilityRoute(router, runtime, deps);
    supportInboxRoutes(router, deps.identity, conversations, sockets);
    return {
      router,
      attach: (server) => sockets.attach(server),
      onStart: () => sockets.start(),
      onStop: () => sockets.stop(),
    };
  },
};
