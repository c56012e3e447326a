/**
 * A socket whose session ends by itself (a staff member's 15 idle minutes) is closed within a
 * sweep, posting or not: a console left open on a desk keeps no live socket. The sweep's own
 * checks never keep the session alive; a patient's socket (30 days) stays.
 */
import type { Socket } from 'socket.io-client';
import { chatEvents } from '@clinic/contracts';
import { startChat, type ChatHarness } from '../testing';

const MINUTE = 60 * 1000;
const SWEEP_MS = 100;

let chat: ChatHarness;
beforeAll(async () => {
  chat = await startChat({ deps: { sessionSweepMs: SWEEP_MS } });
});
afterAll(() => chat.close());

function connected(socket: Socket): Promise<void> {
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
}

const closed = (socket: Socket) =>
  new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));

/** Long enough for several sweeps to run (and ask identity) at the clock's current time. */
const sweeps = () => new Promise((resolve) => setTimeout(resolve, SWEEP_MS * 5));

it("closes an idle staff member's listening socket within a sweep of the 15 minutes; a patient's stays", async () => {
  const agent = await chat.agent();
  const agentSocket = chat.socket({ token: agent.token });
  await connected(agentSocket);
  const patient = await chat.patient();
  const patientSocket = chat.socket({ token: patient.token });
  await connected(patientSocket);
  await new Promise((resolve) =>
    patientSocket.emit(chatEvents.initUser, { id: patient.id }, resolve),
  );
  const ended = closed(agentSocket);

  // 14 minutes in, the sweep asks about the session (as background): it is live, and the asking
  // does not move its deadline.
  chat.clock.advance(14 * MINUTE);
  await sweeps();
  expect(agentSocket.connected).toBe(true);

  chat.clock.advance(MINUTE + 1000);
  expect(await ended).toBe('io server disconnect');
  await sweeps();
  expect(patientSocket.connected).toBe(true);
});

it('keeps the socket of a staff member whose requests show they are there', async () => {
  const agent = await chat.agent('admin');
  const socket = chat.socket({ token: agent.token });
  await connected(socket);
  chat.clock.advance(10 * MINUTE);
  // The person's request (the console calls it when they move or press "Stay signed in").
  expect(
    (await chat.identity.post('/api/console/activity', {}, { token: agent.token })).status,
  ).toBe(200);
  chat.clock.advance(10 * MINUTE);
  await sweeps();
  expect(socket.connected).toBe(true);
  const ended = closed(socket);
  chat.clock.advance(5 * MINUTE + 1000);
  expect(await ended).toBe('io server disconnect');
});
