import { outgoingMessageSchema } from './message';

describe('outgoingMessageSchema', () => {
  it('accepts an email with a subject and optional html', () => {
    const parsed = outgoingMessageSchema.parse({
      channel: 'email',
      to: 'jane@example.com',
      subject: 'Your code',
      body: 'Code 1234',
      html: '<p>Code 1234</p>',
    });
    expect(parsed).toEqual({
      channel: 'email',
      to: 'jane@example.com',
      subject: 'Your code',
      body: 'Code 1234',
      html: '<p>Code 1234</p>',
    });
  });

  it('rejects an email without a subject or with a bad address', () => {
    expect(
      outgoingMessageSchema.safeParse({ channel: 'email', to: 'jane@example.com', body: 'x' })
        .success,
    ).toBe(false);
    const bad = outgoingMessageSchema.safeParse({
      channel: 'email',
      to: 'not-an-email',
      subject: 's',
      body: 'x',
    });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.path).toEqual(['to']);
  });

  it('takes every address the product lets a patient save (the simple pattern)', () => {
    for (const to of ['dana@clinic.health', 'o@x.y', 'first.last+tag@sub.example.co'])
      expect(
        outgoingMessageSchema.safeParse({ channel: 'email', to, subject: 's', body: 'x' }).success,
      ).toBe(true);
    expect(
      outgoingMessageSchema.safeParse({
        channel: 'email',
        to: 'a@b.c\nBcc: x@y.z',
        subject: 's',
        body: 'x',
      }).success,
    ).toBe(false);
  });

  it('rejects a subject that would inject a mail header', () => {
    const parsed = outgoingMessageSchema.safeParse({
      channel: 'email',
      to: 'jane@example.com',
      subject: 'Hi\r\nBcc: everyone@example.com',
      body: 'x',
    });
    expect(parsed.success).toBe(false);
  });

  it('accepts an SMS to an E.164 or a 10-digit US number without a subject', () => {
    expect(outgoingMessageSchema.parse({ channel: 'sms', to: '+15551234567', body: 'hi' }).to).toBe(
      '+15551234567',
    );
    expect(
      outgoingMessageSchema.parse({ channel: 'sms', to: '5551234567', body: 'hi' }).subject,
    ).toBeUndefined();
  });

  it('rejects an SMS to an email address, a short number or an over-long body', () => {
    expect(
      outgoingMessageSchema.safeParse({ channel: 'sms', to: 'jane@example.com', body: 'hi' })
        .success,
    ).toBe(false);
    expect(
      outgoingMessageSchema.safeParse({ channel: 'sms', to: '555123', body: 'hi' }).success,
    ).toBe(false);
    expect(
      outgoingMessageSchema.safeParse({
        channel: 'sms',
        to: '+15551234567',
        body: 'x'.repeat(1601),
      }).success,
    ).toBe(false);
  });

  it('rejects an unknown channel', () => {
    expect(
      outgoingMessageSchema.safeParse({ channel: 'fax', to: '5551234567', body: 'hi' }).success,
    ).toBe(false);
  });
});
