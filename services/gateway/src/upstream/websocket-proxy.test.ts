/**
 * Cluster mode's websocket tunnel: a patient's chat socket through the gateway's address reaches
 * the chat process and works both ways; other upgrade paths and a dead chat are refused.
 */
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chatEvents, type ChatAck } from '@clinic/contracts';
import { startChat, type ChatHarness } from '@clinic/chat/testing';
import { silentLogger } from '@clinic/kit/testing';
import { InstancePool } from './instance-pool';
import { proxyWebSockets } from './websocket-proxy';

let chat: ChatHarness;
let gateway: Server;
let gatewayUrl: string;

async function listen(target: string): Promise<{ server: Server; url: string }> {
  const server = createServer((_req, res) => res.end('http'));
  proxyWebSockets(
    server,
    [{ pathPrefix: '/socket.io', instances: new InstancePool('chat', [target], silentLogger) }],
    silentLogger,
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

beforeAll(async () => {
  chat = await startChat();
  ({ server: gateway, url: gatewayUrl } = await listen(chat.url));
});
afterAll(async () => {
  await new Promise<void>((resolve) => gateway.close(() => resolve()));
  await chat.close();
});

it("carries a patient's chat both ways through the gateway's address", async () => {
  const patient = await chat.patient();
  const socket = chat.socket({ token: patient.token }, { url: gatewayUrl });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  await socket.emitWithAck(chatEvents.initUser, { id: patient.id });
  const ack = (await socket.emitWithAck(chatEvents.chatMessage, {
    userId: patient.id,
    message: 'through the gateway',
  })) as ChatAck;
  expect(ack).toMatchObject({ ok: true, message: { content: 'through the gateway' } });
  socket.disconnect();
});

it('refuses an upgrade outside the chat path, and closes the socket when the chat is down', async () => {
  const elsewhere = await new Promise<string>((resolve) => {
    const req = request(`${gatewayUrl}/api/anything`, {
      headers: { Connection: 'Upgrade', Upgrade: 'websocket' },
    });
    req.on('response', (res) => resolve(`response ${res.statusCode}`));
    req.on('upgrade', () => resolve('upgraded'));
    req.on('error', (err) => resolve(`error ${err.message}`));
    req.end();
  });
  expect(elsewhere).toBe('response 404');

  const dead = await listen('http://127.0.0.1:9');
  const patient = await chat.patient();
  const socket = chat.socket({ token: patient.token }, { url: dead.url });
  await expect(
    new Promise((resolve, reject) => {
      socket.once('connect', () => reject(new Error('connected to a dead chat')));
      socket.once('connect_error', resolve);
    }),
  ).resolves.toBeInstanceOf(Error);
  await new Promise<void>((resolve) => dead.server.close(() => resolve()));
});
