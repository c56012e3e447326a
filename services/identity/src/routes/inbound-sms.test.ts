/**
 * The SMS provider's inbound webhook: carrier keywords change the patient's "Text me updates"
 * and are answered as carriers require; a request the provider did not sign changes nothing.
 */
import { eq } from 'drizzle-orm';
import request from 'supertest';
import { twilioSignature } from '@clinic/kit';
import { users } from '../db/schema';
import { startIdentity, type IdentityHarness } from '../testing/identity-harness';
import { testPublicUrl } from '../testing';

const authToken = 'test-twilio-token';
let h: IdentityHarness;
let serial = 0;

beforeAll(async () => {
  h = await startIdentity({ deps: { smsAuthToken: authToken } });
});
afterAll(async () => {
  await h.close();
});

/** A patient who agreed to texts at a number of their own. */
async function patientWithTexts(): Promise<{ id: number; phone: string }> {
  serial += 1;
  const id = await h.createUser({ email: `texts-${serial}-${Date.now()}@example.com` });
  const phone = `41555501${String(serial).padStart(2, '0')}`;
  await h.agreeToTexts(id, phone);
  return { id, phone };
}

const textUpdates = async (id: number) =>
  (await h.service.runtime.db.select().from(users).where(eq(users.id, id)))[0]!.textUpdates;

/** Posts a text from `phone` as Twilio does: a signed form. */
function inbound(phone: string, body: string, sign = true) {
  const form = {
    MessageSid: `SM${serial}${body.length}`,
    From: `+1${phone}`,
    To: '+18005550100',
    Body: body,
  };
  const signature = twilioSignature(authToken, `${testPublicUrl}/webhooks/sms`, form);
  const req = request(h.service.app).post('/webhooks/sms').type('form');
  return (sign ? req.set('X-Twilio-Signature', signature) : req).send(form);
}

it.each(['STOP', 'stop ', 'StopAll', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT'])(
  '%s turns texts off and confirms it as carriers require',
  async (word) => {
    const { id, phone } = await patientWithTexts();
    const res = await inbound(phone, word);
    expect(res.status).toBe(200);
    expect(res.type).toBe('text/xml');
    expect(res.text).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><Response><Message>GLP Clinic: You are unsubscribed and will get no more texts from us. Reply START to resubscribe.</Message></Response>',
    );
    expect(await textUpdates(id)).toBe(false);
  },
);

it('START opts back in; HELP names the clinic and where to get help and changes nothing', async () => {
  const { id, phone } = await patientWithTexts();
  await inbound(phone, 'STOP');
  const started = await inbound(phone, 'START');
  expect(started.text).toContain('<Message>GLP Clinic: You are subscribed to text updates again.');
  expect(await textUpdates(id)).toBe(true);
  const help = await inbound(phone, 'help');
  expect(help.text).toContain(
    `<Message>GLP Clinic: For help, message our care team in your patient portal: ${testPublicUrl}/support.`,
  );
  expect(help.text).toContain('Reply STOP to opt out.');
  expect(await textUpdates(id)).toBe(true);
  // Any other text is not a command: no answer, nothing changed.
  const chat = await inbound(phone, 'Thanks, stop by later?');
  expect(chat.text).toBe('<?xml version="1.0" encoding="UTF-8"?><Response></Response>');
  expect(await textUpdates(id)).toBe(true);
});

it('refuses a text the provider did not sign, or signed for other words, changing nothing', async () => {
  const { id, phone } = await patientWithTexts();
  expect((await inbound(phone, 'STOP', false)).status).toBe(403);
  const forged = await request(h.service.app)
    .post('/webhooks/sms')
    .type('form')
    .set(
      'X-Twilio-Signature',
      twilioSignature(authToken, `${testPublicUrl}/webhooks/sms`, {
        From: `+1${phone}`,
        Body: 'HELP',
      }),
    )
    .send({ From: `+1${phone}`, Body: 'STOP' });
  expect(forged.status).toBe(403);
  expect(await textUpdates(id)).toBe(true);
});

it('answers 400 to a signed form without a sender', async () => {
  const form = { Body: 'STOP' };
  const res = await request(h.service.app)
    .post('/webhooks/sms')
    .type('form')
    .set('X-Twilio-Signature', twilioSignature(authToken, `${testPublicUrl}/webhooks/sms`, form))
    .send(form);
  expect(res.status).toBe(400);
});
