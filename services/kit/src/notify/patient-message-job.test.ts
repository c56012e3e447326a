import type { PatientContact } from '@clinic/contracts';
import type { OutgoingMessage } from './message';
import type { Notifier } from './notifier';
import { patientMessageJob, type PatientMessage } from './patient-message-job';
import { patientMessageSchema } from './patient-message-job';

const ada: PatientContact = {
  email: 'ada@example.com',
  first_name: 'Ada',
  last_name: 'Byron',
  phone: '5551234567',
  gender: 'Female',
  state: 'CA',
  health_id: null,
  height_inch: 65,
  weight: 180,
  text_updates: true,
};

async function deliver(contact: PatientContact | null, message: PatientMessage) {
  const sent: { message: OutgoingMessage; jobId?: string }[] = [];
  const notifier = {
    send: (m: OutgoingMessage, opts: { jobId?: string }) => {
      sent.push({ message: m, jobId: opts.jobId });
      return Promise.resolve('id');
    },
  } as unknown as Notifier;
  const job = patientMessageJob({ notifier, contactOf: () => Promise.resolve(contact) });
  await job.handle(patientMessageSchema.parse(message), { jobId: 'shipped-7', attempt: 1 });
  return sent;
}

const shipped = {
  userId: 1,
  subject: 'Your order is on its way',
  body: 'Your order 1001 has shipped.',
  text: 'your order 1001 has shipped. Track it: https://t.example/1',
};

describe('notify.patient-message', () => {
  it('texts a patient who agreed to texts, with the clinic name and the opt-out line', async () => {
    expect(await deliver(ada, shipped)).toEqual([
      {
        message: {
          channel: 'sms',
          to: '5551234567',
          body: 'GLP Clinic: your order 1001 has shipped. Track it: https://t.example/1 Reply STOP to opt out.',
        },
        jobId: 'sent-shipped-7',
      },
    ]);
  });

  it('sends the email as well as the text when the message asks for both', async () => {
    const sent = await deliver(ada, { ...shipped, alsoEmail: true });
    expect(sent.map((s) => [s.message.channel, s.jobId])).toEqual([
      ['sms', 'sent-shipped-7'],
      ['email', 'sent-shipped-7.email'],
    ]);
  });

  it('emails a patient who did not agree to texts, greeted and signed once', async () => {
    const [sent] = await deliver({ ...ada, text_updates: false }, shipped);
    expect(sent!.message).toEqual({
      channel: 'email',
      to: 'ada@example.com',
      subject: 'Your order is on its way',
      body: 'Hi Ada,\n\nYour order 1001 has shipped.\n\nYour care team',
    });
  });

  it('emails a patient who agreed to texts but has no number a text can reach', async () => {
    const [sent] = await deliver({ ...ada, phone: '' }, shipped);
    expect(sent!.message.channel).toBe('email');
  });

  it('emails when the message has no text, signed by the clinic when asked', async () => {
    const [sent] = await deliver(
      { ...ada, first_name: ' ' },
      { userId: 1, subject: 'Your receipt', body: 'Thank you.', signedBy: 'clinic' },
    );
    expect(sent!.message).toMatchObject({
      channel: 'email',
      body: 'Hello,\n\nThank you.\n\nGLP Clinic',
    });
  });

  it('sends nothing to an account identity does not know as a patient', async () => {
    expect(await deliver(null, shipped)).toEqual([]);
  });
});
