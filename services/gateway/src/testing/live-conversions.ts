/**
 * Marketing's live conversions as the console opens them, through the gateway: the demo
 * marketing account's session, a websocket on the feed's path, and the conversions it is sent.
 */
import { io } from 'socket.io-client';
import {
  liveConversionEvents,
  liveConversionsSocketPath,
  type LiveConversion,
} from '@clinic/contracts';
import { demoAccounts } from '@clinic/identity';
import { logInDemo } from './demo-login';

export interface LiveFeedWatch {
  received: LiveConversion[];
  close(): void;
}

export async function watchLiveConversions(baseUrl: string): Promise<LiveFeedWatch> {
  const { token } = await logInDemo(baseUrl, demoAccounts.marketing);
  const socket = io(baseUrl, {
    path: liveConversionsSocketPath,
    transports: ['websocket'],
    auth: { token },
    reconnection: false,
    forceNew: true,
  });
  const received: LiveConversion[] = [];
  socket.on(liveConversionEvents.conversion, (conversion: LiveConversion) =>
    received.push(conversion),
  );
  await new Promise<void>((resolve, reject) => {
    socket.once(liveConversionEvents.snapshot, () => resolve());
    socket.once('connect_error', reject);
  });
  return { received, close: () => socket.disconnect() };
}
