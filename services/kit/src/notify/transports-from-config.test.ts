import type { Database } from '../db/database';
import { createLogger } from '../logging/logger';
import { MailboxStore, MailboxTransport } from './mailbox';
import { SmtpTransport } from './smtp-transport';
import { transportsFromConfig, type NotifyConfig } from './transports-from-config';
import { TwilioSmsTransport } from './twilio-sms-transport';

// Choosing transports touches no database, so the store needs none.
const mailbox = new MailboxStore({} as Database);
const logger = createLogger({ service: 'notify-test', level: 'silent' });

const base: NotifyConfig = {
  NODE_ENV: 'test',
  SMTP_URL: undefined,
  MAIL_FROM: 'GLP Clinic <care@glp-clinic.local>',
  TWILIO_ACCOUNT_SID: undefined,
  TWILIO_AUTH_TOKEN: undefined,
  TWILIO_FROM: undefined,
  TWILIO_API_URL: 'https://api.twilio.com',
};

describe('transportsFromConfig', () => {
  it('uses the mailbox for both channels when nothing is configured', () => {
    const t = transportsFromConfig(base, { mailbox, logger });
    expect(t.email).toBeInstanceOf(MailboxTransport);
    expect(t.sms).toBeInstanceOf(MailboxTransport);
  });

  it('uses SMTP for email when SMTP_URL is set', async () => {
    const t = transportsFromConfig(
      { ...base, SMTP_URL: 'smtp://u:p@127.0.0.1:2525' },
      { mailbox, logger },
    );
    expect(t.email).toBeInstanceOf(SmtpTransport);
    expect(t.sms).toBeInstanceOf(MailboxTransport);
    await t.email.close?.();
  });

  it('uses Twilio for SMS only when all three credentials are set', () => {
    const twilio = {
      TWILIO_ACCOUNT_SID: 'AC1',
      TWILIO_AUTH_TOKEN: 'token',
      TWILIO_FROM: '+15550006666',
    };
    expect(transportsFromConfig({ ...base, ...twilio }, { mailbox, logger }).sms).toBeInstanceOf(
      TwilioSmsTransport,
    );
    expect(
      transportsFromConfig({ ...base, ...twilio, TWILIO_FROM: undefined }, { mailbox, logger }).sms,
    ).toBeInstanceOf(MailboxTransport);
  });
});
