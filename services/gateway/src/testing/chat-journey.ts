/**
 * The conversations over the product's one address, against a running product (single-node in
 * the unit suite, the cluster in the infra suite, where the gateway tunnels the websocket to a
 * chat process): the demo patient writes in the live chat, the demo support agent finds it
 * waiting and answers, and the patient's socket receives the answer. Then the patient of the
 * clinic journey writes to the doctor of their visit and the demo clinician answers from the
 * console.
 */
import { io } from 'socket.io-client';
import { chatEvents, chatSocketPath, type ChatAck, type ChatMessage } from '@clinic/contracts';
import { demoAccounts } from '@clinic/identity';
import { eventually } from '@clinic/kit/testing';
import { logInDemo } from './demo-login';
import { call } from './patient-journey';

const logIn = logInDemo;

/**
 * The demo patient writes to support over the chat socket and sees the agent's reply arrive on
 * it (with several chat processes the reply may come from another one: the Redis adapter).
 */
export async function runSupportChatRoundTrip(baseUrl: string): Promise<void> {
  const demoPatient = await logIn(baseUrl, demoAccounts.patient);
  const agent = await logIn(baseUrl, demoAccounts.support);
  const socket = io(baseUrl, {
    path: chatSocketPath,
    transports: ['websocket'],
    auth: { token: demoPatient.token },
    reconnection: false,
    forceNew: true,
  });
  try {
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    await socket.emitWithAck(chatEvents.initUser, { id: demoPatient.id });
    const received: ChatMessage[] = [];
    socket.on(chatEvents.message, (m: ChatMessage) => received.push(m));
    const question = `Where is my parcel? ${Date.now()}`;
    const ack = (await socket.emitWithAck(chatEvents.chatMessage, {
      userId: demoPatient.id,
      message: question,
    })) as ChatAck;
    if (!ack.ok) throw new Error(ack.error);

    // Waiting, or the agent's own when an earlier run on the same database answered (and so
    // claimed) the demo patient's conversation: a message goes to the conversation it belongs to.
    const inbox = async (view: 'waiting' | 'mine') => {
      const list = await call(baseUrl, 'GET', `/api/console/support/conversations?view=${view}`, {
        token: agent.token,
      });
      expect(list.status).toBe(200);
      return list.body.conversations as { conversationId: number; lastMessage: string }[];
    };
    const conversation = [...(await inbox('waiting')), ...(await inbox('mine'))].find(
      (c) => c.lastMessage === question,
    );
    expect(conversation).toBeDefined();
    const reply = await call(
      baseUrl,
      'POST',
      `/api/console/support/conversations/${conversation!.conversationId}/messages`,
      { token: agent.token, json: { message: 'It is on its way with UPS.' } },
    );
    expect(reply.status).toBe(200);
    await eventually(async () =>
      expect(received.map((m) => m.content)).toContain('It is on its way with UPS.'),
    );
  } finally {
    socket.disconnect();
  }
}

export async function runChatJourney(
  baseUrl: string,
  patient: { token: string; orderId: number },
): Promise<void> {
  await runSupportChatRoundTrip(baseUrl);

  // Doctor on Demand: the clinic journey's patient has a visit with the clinician who claimed it.
  let encounterId = '';
  await eventually(async () => {
    const orders = await call(baseUrl, 'GET', '/api/order-items', { token: patient.token });
    const order = (orders.body.orders as { id: number; external_visit_id: string | null }[]).find(
      (o) => o.id === patient.orderId && o.external_visit_id,
    );
    expect(order).toBeDefined();
    encounterId = order!.external_visit_id!;
    const doctor = await call(baseUrl, 'GET', `/api/get-doc-profile/${encounterId}`, {
      token: patient.token,
    });
    expect(doctor.status).toBe(200);
    expect(doctor.body.case).toMatchObject({ npi: expect.stringMatching(/^\d{10}$/) });
  }, 30000);
  const sent = await call(baseUrl, 'POST', '/api/provider-messages', {
    token: patient.token,
    json: { message: 'Can I take it with food?', latestEncounterId: encounterId },
  });
  expect(sent.status).toBe(200);
  const clinician = await logIn(baseUrl, demoAccounts.clinician);
  const patientId = (
    (await call(baseUrl, 'GET', '/api/console/doctor-messages', { token: clinician.token })).body
      .threads as { userId: number; lastMessage: string }[]
  ).find((t) => t.lastMessage === 'Can I take it with food?')?.userId;
  expect(patientId).toBeDefined();
  const answered = await call(baseUrl, 'POST', `/api/console/doctor-messages/${patientId}`, {
    token: clinician.token,
    json: { message: 'Yes, with or without food.' },
  });
  expect(answered.status).toBe(200);
  const mine = await call(baseUrl, 'GET', '/api/provider-messages', { token: patient.token });
  expect(
    (mine.body.messages as { message: string; is_doctor: boolean }[]).map((m) => [
      m.message,
      m.is_doctor,
    ]),
  ).toEqual([
    ['Can I take it with food?', false],
    ['Yes, with or without food.', true],
  ]);
}
