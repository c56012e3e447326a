import nodemailer, { type Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import type { OutgoingMessage } from './message';
import { scrubContacts } from './scrub';
import type { NotificationTransport } from './transport';

/**
 * Email through a real SMTP server (nodemailer), configured by one URL:
 * `smtp://user:pass@host:587` (STARTTLS when offered) or `smtps://user:pass@host:465` (TLS);
 * nodemailer options may ride along as query parameters (`?pool=true`). `send` resolves once the
 * server accepted the message for the recipient and throws otherwise, with the recipient's
 * address scrubbed from the error so it can be logged.
 */

export interface SmtpTransportOptions {
  /** `SMTP_URL`. */
  url: string;
  /** `MAIL_FROM`, e.g. `GLP Clinic <care@example.com>`. */
  from: string;
  /** Connection, greeting and socket timeouts (default 10 s each), so a dead server fails the job. */
  timeoutMs?: number;
}

export class SmtpTransport implements NotificationTransport {
  private readonly transporter: Transporter<SMTPTransport.SentMessageInfo>;

  constructor(private readonly opts: SmtpTransportOptions) {
    const timeout = opts.timeoutMs ?? 10_000;
    const options: SMTPTransport.Options = {
      url: opts.url,
      connectionTimeout: timeout,
      greetingTimeout: timeout,
      socketTimeout: timeout,
    };
    this.transporter = nodemailer.createTransport(options);
  }

  async send(message: OutgoingMessage): Promise<void> {
    if (message.channel !== 'email')
      throw new Error(`SmtpTransport cannot send ${message.channel} messages`);
    let info: SMTPTransport.SentMessageInfo;
    try {
      info = await this.transporter.sendMail({
        from: this.opts.from,
        to: message.to,
        subject: message.subject,
        text: message.body,
        ...(message.html === undefined ? {} : { html: message.html }),
      });
    } catch (err) {
      throw new Error(describeSmtpError(err));
    }
    if (info.rejected.length > 0) throw new Error('SMTP server rejected the recipient');
  }

  async close(): Promise<void> {
    this.transporter.close();
  }
}

function describeSmtpError(err: unknown): string {
  if (!(err instanceof Error)) return 'SMTP send failed';
  const e = err as Error & { code?: string; responseCode?: number; command?: string };
  const where = [e.code, e.responseCode, e.command && `at ${e.command}`].filter(Boolean).join(' ');
  return `SMTP send failed${where ? ` (${where})` : ''}: ${scrubContacts(e.message)}`;
}
