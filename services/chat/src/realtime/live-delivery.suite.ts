/**
 * The one contract of live delivery, run against both engines: socket.io's in-memory adapter
 * (one process, single-node mode) and its Redis adapter (two chat processes, cluster mode). A
 * patient on one address and an agent on the other must see each other's messages live, and a
 * logout handled on one process closes the sockets of that session on the other.
 */
import type { Socket } from 'socket.io-client';
import { chatEvents, type ChatAck, type ChatMessage } from '@clinic/contracts';
import { eventually } from '@clinic/kit/testing';
import type { ChatHarness } from '../testing';

export function liveDeliverySuite(
  name: string,
  setup: () => Promise<{ chat: ChatHarness; otherUrl: () => Promise<string> }>,
): void {
  describe(`live delivery: ${name}`, () => {
    let chat: ChatHarness;
    let otherUrl: () => Promise<string>;
    beforeAll(async () => {
      ({ chat, otherUrl } = await setup());
    });
    afterAll(() => chat.close());

    const connected = (socket: Socket) =>
      new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });

    it("a patient's message reaches an agent on the other address, and the answer comes back", async () => {
      const patient = await chat.patient();
      const agent = await chat.agent();
      const patientSocket = chat.socket({ token: patient.token });
      const agentSocket = chat.socket({ token: agent.token }, { url: await otherUrl() });
      await Promise.all([connected(patientSocket), connected(agentSocket)]);
      await patientSocket.emitWithAck(chatEvents.initUser, { id: patient.id });

      const toAgent: ChatMessage[] = [];
      let inboxChanges = 0;
      agentSocket.on(chatEvents.message, (m: ChatMessage) => toAgent.push(m));
      agentSocket.on(chatEvents.inboxChanged, () => (inboxChanges += 1));
      const first = (await patientSocket.emitWithAck(chatEvents.chatMessage, {
        userId: patient.id,
        message: 'Is anyone there?',
      })) as ChatAck;
      if (!first.ok) throw new Error(first.error);
      await eventually(async () => expect(inboxChanges).toBeGreaterThan(0));

      agentSocket.emit(chatEvents.watch, { conversationId: first.message.conversationId });
      const toPatient: ChatMessage[] = [];
      patientSocket.on(chatEvents.message, (m: ChatMessage) => toPatient.push(m));
      const answered = await chat.post(
        `/api/console/support/conversations/${first.message.conversationId}/messages`,
        { message: 'Yes, how can I help?' },
        agent,
      );
      expect(answered.status).toBe(200);
      await eventually(async () =>
        expect(toPatient.map((m) => m.content)).toContain('Yes, how can I help?'),
      );

      await eventually(async () => {
        await patientSocket.emitWithAck(chatEvents.chatMessage, {
          userId: patient.id,
          message: 'My order is late',
          clientId: 'late-1',
        });
        expect(toAgent.map((m) => m.content)).toContain('My order is late');
      });
    });

    it("a logout handled by one process closes that session's socket on the other at once", async () => {
      const patient = await chat.patient();
      const elsewhere = chat.socket({ token: patient.token }, { url: await otherUrl() });
      await connected(elsewhere);
      await elsewhere.emitWithAck(chatEvents.initUser, { id: patient.id });
      const closed = new Promise<string>((resolve) =>
        elsewhere.once('disconnect', (reason) => resolve(reason)),
      );
      const loggedOut = await chat.identity.get('/api/logout', { token: patient.token });
      expect(loggedOut.status).toBe(200);
      expect(await closed).toBe('io server disconnect');
    });
  });
}
