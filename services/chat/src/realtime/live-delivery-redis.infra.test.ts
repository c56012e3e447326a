import { infraEnv } from '@clinic/kit/testing';
import { startChat } from '../testing';
import { liveDeliverySuite } from './live-delivery.suite';

// Cluster mode: two chat processes on one Redis; the patient on one, the agent on the other.
liveDeliverySuite('Redis adapter, two chat processes', async () => {
  const chat = await startChat({ deps: { redisUrl: infraEnv().REDIS_URL } });
  const second = await chat.secondProcess();
  return { chat, otherUrl: async () => second.url };
});
