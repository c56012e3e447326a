import { startChat } from '../testing';
import { liveDeliverySuite } from './live-delivery.suite';

// Single-node: one process, socket.io's in-memory adapter; both sockets on its one address.
liveDeliverySuite('in-memory adapter, one process', async () => {
  const chat = await startChat();
  return { chat, otherUrl: async () => chat.url };
});
