/**
 * A refill check-in missed puts the patient's conversation in support's inbox (issue 31, item 5):
 * waiting, with one line naming the order and the date, however often the event comes.
 */
import { refillCheckInMissed } from '@clinic/contracts';
import { eventually } from '@clinic/kit/testing';
import { startChat, type ChatHarness } from '../testing';

let chat: ChatHarness;
beforeAll(async () => {
  chat = await startChat();
});
afterAll(() => chat.close());

it('opens the patient’s conversation in the inbox once, naming the order and the date', async () => {
  const patient = await chat.patient('Riley');
  const agent = await chat.agent();
  const missed = {
    orderId: 1042,
    userId: patient.id,
    shipOn: '2026-12-03T17:00:00.000Z',
    missedAt: '2026-12-03T17:00:00.000Z',
  };
  for (let i = 0; i < 2; i++)
    await chat.service.runtime.transaction((_tx, events) =>
      events.publish(refillCheckInMissed, missed),
    );
  const line = 'Refill check-in not done: order #1042 was due to ship Dec 3, 2026.';
  let conversationId = 0;
  await eventually(async () => {
    const waiting = await chat.get('/api/console/support/conversations?view=waiting', agent);
    const mine = waiting.body.conversations.find(
      (c: { participant: { id: number } }) => c.participant.id === patient.id,
    );
    expect(mine).toMatchObject({ status: 'waiting' });
    expect(mine.lastMessage).toContain(line);
    conversationId = mine.conversationId;
  });
  // Both deliveries handled, one line.
  await eventually(async () => {
    const detail = await chat.get(`/api/console/support/conversations/${conversationId}`, agent);
    expect(
      detail.body.messages.filter((m: { content: string }) => m.content.includes(line)),
    ).toHaveLength(1);
  });
});
