/**
 * The live conversions sockets: only a marketing or admin session opens one; it is sent today's
 * recent conversions on connect, then a purchase within a second of its event, carrying step,
 * campaign, offer, amount and time and nothing about the person, and today's totals after it;
 * a logout closes it, and so does a session that ends by itself (15 idle minutes).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import {
  leadQualified,
  liveConversionEvents,
  liveConversionsSocketPath,
  liveMessages,
  paymentSucceeded,
  type EventData,
  type LiveConversion,
  type LiveSnapshot,
  type LiveToday,
} from '@clinic/contracts';
import { ManualClock } from '@clinic/kit';
import { startMarketing, type MarketingHarness } from '../testing/marketing-harness';

const clock = new ManualClock('2026-11-20T18:00:00.000Z');
const SWEEP_MS = 100;
let harness: MarketingHarness;
let server: Server;
let url: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  harness = await startMarketing({ clock, liveSessionSweepMs: SWEEP_MS });
  server = createServer(harness.service.app);
  harness.service.attach?.(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await harness.close();
  await new Promise((resolve) => server.close(resolve));
});

function open(token: string | undefined): Socket {
  const socket = connect(url, {
    path: liveConversionsSocketPath,
    transports: ['websocket'],
    auth: token === undefined ? {} : { token },
    reconnection: false,
  });
  sockets.push(socket);
  return socket;
}

const refusal = (socket: Socket) =>
  new Promise<string>((resolve) => socket.once('connect_error', (err) => resolve(err.message)));
const next = <T>(socket: Socket, event: string) =>
  new Promise<T>((resolve) => socket.once(event, (payload: T) => resolve(payload)));

async function tokenOf(role: 'marketing' | 'admin' | 'patient' | 'support') {
  const email = `${role}-${Date.now()}@example.com`;
  await harness.identity.createUser({ email, password: 'a-long-password-1', role });
  return harness.identity.logIn(email, 'a-long-password-1');
}

async function publish<E extends Parameters<typeof harness.service.runtime.transaction>[0]>(fn: E) {
  await harness.service.runtime.transaction(fn);
}

const purchase = (userId: number): EventData<typeof paymentSucceeded> => ({
  kind: 'checkout',
  orderId: 900 + userId,
  userId,
  cartId: `cart-${userId}`,
  transactionId: `tx-${userId}`,
  amountCents: 29900,
  currency: 'USD',
  paymentTerms: 1,
  productName: 'Semaglutide',
  planId: 'sema_plan_1',
  prescriptionPreauths: [],
  conversionId: null,
  userName: 'Ann Example',
});

it('refuses a socket without a session, and one of a patient or another staff role', async () => {
  expect(await refusal(open(undefined))).toBe(liveMessages.notSignedIn);
  expect(await refusal(open('no-such-session'))).toBe(liveMessages.notSignedIn);
  expect(await refusal(open(await tokenOf('patient')))).toBe(liveMessages.notMarketing);
  expect(await refusal(open(await tokenOf('support')))).toBe(liveMessages.notMarketing);
});

it('sends a purchase to marketing within a second, with nothing about the buyer', async () => {
  await publish((_tx, events) =>
    events.publish(leadQualified, {
      leadId: 71,
      userId: 71,
      state: 'TX',
      newAccount: true,
      bmi: 31,
      tracking: { utm_source: 'google', utm_campaign: 'autumn', tir_offer: 'B' },
    }),
  );
  const socket = open(await tokenOf('marketing'));
  const snapshot = await next<LiveSnapshot>(socket, liveConversionEvents.snapshot);
  expect(snapshot.conversions[0]).toMatchObject({ step: 'lead-qualified', campaign: 'autumn' });

  const arrived = next<LiveConversion>(socket, liveConversionEvents.conversion);
  const totals = next<LiveToday>(socket, liveConversionEvents.today);
  clock.set('2026-11-20T18:05:00.000Z');
  const sentAt = Date.now();
  await publish((_tx, events) => events.publish(paymentSucceeded, purchase(71)));
  const conversion = await arrived;
  expect(Date.now() - sentAt).toBeLessThan(1000);
  expect(conversion).toEqual({
    id: expect.any(String),
    step: 'paid',
    campaign: 'autumn',
    source: 'google',
    offer: 'B',
    amountCents: 29900,
    at: '2026-11-20T18:05:00.000Z',
  });
  expect(JSON.stringify(conversion)).not.toMatch(/Ann|Semaglutide|tx-71|cart-71|"71"/);
  const today = await totals;
  expect(today.day).toBe('2026-11-20');
  // One buyer today: a small cell, and the money behind it withheld.
  expect(today.steps.find((s) => s.step === 'paid')?.people).toBe('<11');
  expect(today.grossCents).toBe('<11');
});

it('lets an admin follow too', async () => {
  const socket = open(await tokenOf('admin'));
  const snapshot = await next<LiveSnapshot>(socket, liveConversionEvents.snapshot);
  expect(snapshot.conversions.map((c) => c.step)).toEqual(['paid', 'lead-qualified']);
});

it('closes the socket when an admin disables the account', async () => {
  const token = await tokenOf('marketing');
  const admin = await tokenOf('admin');
  const { userId } = (await harness.identity.principalOf(token))!;
  const socket = open(token);
  await next<LiveSnapshot>(socket, liveConversionEvents.snapshot);
  const closed = next<string>(socket, 'disconnect');
  const disabled = await harness.identity.post(
    `/api/console/staff/${userId}/disable`,
    {},
    {
      token: admin,
    },
  );
  expect(disabled.status).toBe(200);
  expect(await closed).toBe('io server disconnect');
});

it('closes the socket when its session ends (Log Out)', async () => {
  const token = await tokenOf('marketing');
  const socket = open(token);
  await next<LiveSnapshot>(socket, liveConversionEvents.snapshot);
  const closed = next<string>(socket, 'disconnect');
  const loggedOut = await harness.identity.get('/api/logout', { token });
  expect(loggedOut.status).toBe(200);
  expect(await closed).toBe('io server disconnect');
});

it("closes an idle marketer's socket within a sweep of the 15 minutes, without keeping it alive", async () => {
  const token = await tokenOf('marketing');
  const socket = open(token);
  await next<LiveSnapshot>(socket, liveConversionEvents.snapshot);
  const closed = next<string>(socket, 'disconnect');
  // 14 minutes in, the sweeps ask (as background): live, and the asking moves no deadline.
  clock.advance(14 * 60_000);
  await new Promise((resolve) => setTimeout(resolve, SWEEP_MS * 5));
  expect(socket.connected).toBe(true);
  clock.advance(60_000 + 1000);
  expect(await closed).toBe('io server disconnect');
});
