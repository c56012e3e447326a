/**
 * Chat under test with the real identity beside it on the same embedded engines and a
 * ManualClock, served over a real HTTP server so that tests connect real socket.io clients:
 * patients and agents are real accounts with real session tokens.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { io, type Socket } from 'socket.io-client';
import { chatSocketPath } from '@clinic/contracts';
import { createLocalFormsRecords } from '@clinic/forms';
import { startForms, type FormsHarness, type FormsPatient } from '@clinic/forms/testing';
import { testPublicUrl, type IdentityHarness } from '@clinic/identity/testing';
import type { ManualClock, OpenedEngines } from '@clinic/kit';
import { startServiceForTest, type ServiceUnderTest } from '@clinic/kit/testing';
import { chatService } from '../app';
import type { ChatDeps } from '../deps';
import { parseStaffedHours } from '../domain/staffed-hours';

export interface ChatCaller {
  id: number;
  token: string;
  email: string;
}

export interface ChatHarness {
  identity: IdentityHarness;
  /** Forms beside chat: uploads as the browser makes them, and the clinic's events. */
  forms: FormsHarness;
  /** A caller as forms' harness names a patient (for uploads). */
  asFormsPatient(caller: ChatCaller): Promise<FormsPatient>;
  service: ServiceUnderTest;
  engines: OpenedEngines;
  clock: ManualClock;
  /** The chat's address (socket.io and the routes). */
  url: string;
  patient(firstName?: string): Promise<ChatCaller>;
  agent(role?: 'support' | 'admin' | 'clinician' | 'pharmacy'): Promise<ChatCaller>;
  /** A socket.io client as the widget opens it; not yet connected when `autoConnect` is false. */
  socket(
    auth: Record<string, unknown>,
    opts?: { url?: string; autoConnect?: boolean; reconnection?: boolean },
  ): Socket;
  /**
   * Stops the chat as a deploy would (every connection dropped) and boots a new one on the same
   * engines and port: connected widgets must come back by themselves.
   */
  restart(): Promise<void>;
  /** Another chat process on the same database (and Redis, if configured), at its own address. */
  secondProcess(): Promise<{ url: string; service: ServiceUnderTest }>;
  get(path: string, as?: ChatCaller): Promise<request.Response>;
  post(path: string, body: unknown, as?: ChatCaller): Promise<request.Response>;
  close(): Promise<void>;
}

let serial = 0;
const hours = parseStaffedHours('Mon-Fri 08:00-20:00', 'America/Los_Angeles');

export async function startChat(opts: { deps?: Partial<ChatDeps> } = {}): Promise<ChatHarness> {
  // Identity and forms (the doctor chat's uploads) beside chat on the same engines.
  const forms = await startForms({ alongside: [chatService] });
  const { identity, directory, clock, engines } = forms;
  const deps: ChatDeps = {
    identity: directory,
    forms: createLocalFormsRecords(forms.service.runtime, {
      identity: directory,
      storage: forms.storage,
    }),
    publicUrl: testPublicUrl,
    hours,
    replyMinutes: 5,
    doctorReplyHours: 24,
    doctorMessagingUrl: null,
    ...opts.deps,
  };
  let subscribed = false;
  const serve = async (port = 0) => {
    // The in-process bus takes chat's consumer group once (as Kafka would keep its offsets): a
    // restarted or second process runs without subscribing again.
    const booted = await startServiceForTest(chatService, deps, { engines, start: !subscribed });
    if (subscribed) await booted.runtime.run();
    subscribed = true;
    const server: Server = createServer(booted.app);
    booted.attach?.(server);
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const stop = async () => {
      await booted.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    };
    return { service: booted, server, url, stop };
  };
  let current = await serve();
  const others: (typeof current)[] = [];
  const url = current.url;
  const sockets: Socket[] = [];

  const account = async (
    role: 'patient' | 'support' | 'admin' | 'clinician' | 'pharmacy',
    firstName: string,
  ) => {
    serial += 1;
    const email = `${role}-${serial}-${Date.now()}@chat.test`;
    const password = 'chat-test-password';
    const id = await identity.createUser({ email, password, role, firstName });
    return { id, email, token: await identity.logIn(email, password) };
  };
  const headers = async (as?: ChatCaller) => {
    const principal = as ? await identity.principalOf(as.token) : null;
    return principal ? current.service.as(principal) : {};
  };

  const harness: ChatHarness = {
    identity,
    forms,
    async asFormsPatient(caller) {
      return { id: caller.id, email: caller.email, headers: await headers(caller) };
    },
    get service() {
      return current.service;
    },
    engines,
    clock,
    url,
    patient: (firstName = 'Pat') => account('patient', firstName),
    agent: (role = 'support') => account(role, 'Sam'),
    socket(auth, { url: at = url, autoConnect = true, reconnection = false } = {}) {
      const socket = io(at, {
        path: chatSocketPath,
        transports: ['websocket'],
        auth,
        reconnection,
        // The widget's timers (spec 000 section 9).
        reconnectionAttempts: 5,
        reconnectionDelay: 1000,
        reconnectionDelayMax: 5000,
        timeout: 10_000,
        forceNew: true,
        autoConnect,
      });
      sockets.push(socket);
      return socket;
    },
    async restart() {
      const port = Number(new URL(current.url).port);
      await current.stop();
      current = await serve(port);
    },
    async secondProcess() {
      const other = await serve();
      others.push(other);
      return { url: other.url, service: other.service };
    },
    get: async (path, as) =>
      request(current.service.app)
        .get(path)
        .set(await headers(as)),
    post: async (path, body, as) =>
      request(current.service.app)
        .post(path)
        .set(await headers(as))
        .send(body as object),
    async close() {
      for (const socket of sockets) socket.disconnect();
      for (const other of others) await other.stop();
      await current.stop();
      await forms.close();
    },
  };
  return harness;
}
