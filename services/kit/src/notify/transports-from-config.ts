import type { BaseConfig } from '../config/config';
import type { Logger } from '../logging/logger';
import { MailboxTransport, type MailboxStore } from './mailbox';
import type { NotificationTransports } from './send-notification-job';
import { SmtpTransport } from './smtp-transport';
import { TwilioSmsTransport } from './twilio-sms-transport';

/**
 * Picks each channel's transport from configuration alone (BRIEF D2): SMTP when `SMTP_URL` is set,
 * Twilio when all three `TWILIO_*` credentials are set, and the dev mailbox otherwise. A partial
 * Twilio configuration falls back to the mailbox with a warning rather than failing every send.
 */

export type NotifyConfig = Pick<
  BaseConfig,
  | 'NODE_ENV'
  | 'SMTP_URL'
  | 'MAIL_FROM'
  | 'TWILIO_ACCOUNT_SID'
  | 'TWILIO_AUTH_TOKEN'
  | 'TWILIO_FROM'
  | 'TWILIO_API_URL'
>;

export function transportsFromConfig(
  config: NotifyConfig,
  deps: { mailbox: MailboxStore; logger: Logger },
): NotificationTransports {
  const mailbox = new MailboxTransport(deps.mailbox);
  const { logger } = deps;

  const email = config.SMTP_URL
    ? new SmtpTransport({ url: config.SMTP_URL, from: config.MAIL_FROM })
    : mailbox;

  const twilio = [config.TWILIO_ACCOUNT_SID, config.TWILIO_AUTH_TOKEN, config.TWILIO_FROM];
  const twilioSet = twilio.filter(Boolean).length;
  if (twilioSet > 0 && twilioSet < twilio.length) {
    logger.warn(
      'TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM must all be set; text messages go to the dev mailbox',
    );
  }
  const sms =
    config.TWILIO_ACCOUNT_SID && config.TWILIO_AUTH_TOKEN && config.TWILIO_FROM
      ? new TwilioSmsTransport({
          accountSid: config.TWILIO_ACCOUNT_SID,
          authToken: config.TWILIO_AUTH_TOKEN,
          from: config.TWILIO_FROM,
          apiUrl: config.TWILIO_API_URL,
        })
      : mailbox;

  const chosen = {
    email: email === mailbox ? 'mailbox' : 'smtp',
    sms: sms === mailbox ? 'mailbox' : 'twilio',
  };
  if (email === mailbox || sms === mailbox) {
    // Harmless in development; in production it means patients receive nothing.
    logger[config.NODE_ENV === 'production' ? 'warn' : 'info'](
      { transports: `email=${chosen.email}, sms=${chosen.sms}` },
      'notifications: some channels go to the dev mailbox',
    );
  } else {
    logger.info(chosen, 'notifications: real transports');
  }
  return { email, sms };
}
