import type { OutgoingMessage } from './message';
import { scrubContacts } from './scrub';
import type { NotificationTransport } from './transport';

/**
 * Text messages through Twilio's Messages REST API (no SDK: one form-encoded POST with global
 * fetch). `send` resolves once Twilio accepted the message (2xx) and throws otherwise with
 * Twilio's error code and message (phone numbers scrubbed, the auth token never included); a
 * request that takes longer than the timeout (default 10 s) is aborted and throws too. Bare
 * 10-digit US numbers are sent as `+1XXXXXXXXXX`.
 */

export interface TwilioSmsOptions {
  accountSid: string;
  authToken: string;
  /** A Twilio number (E.164 or 10 US digits) or a Messaging Service SID (`MG...`). */
  from: string;
  /** `TWILIO_API_URL`; a local stand-in in tests. */
  apiUrl?: string;
  timeoutMs?: number;
}

export class TwilioSmsTransport implements NotificationTransport {
  private readonly endpoint: string;
  private readonly authorization: string;

  constructor(private readonly opts: TwilioSmsOptions) {
    const base = (opts.apiUrl ?? 'https://api.twilio.com').replace(/\/+$/, '');
    this.endpoint = `${base}/2010-04-01/Accounts/${encodeURIComponent(opts.accountSid)}/Messages.json`;
    this.authorization = `Basic ${Buffer.from(`${opts.accountSid}:${opts.authToken}`).toString('base64')}`;
  }

  async send(message: OutgoingMessage): Promise<void> {
    if (message.channel !== 'sms')
      throw new Error(`TwilioSmsTransport cannot send ${message.channel} messages`);
    const form = new URLSearchParams({ To: toE164(message.to), Body: message.body });
    if (/^MG[0-9a-f]{32}$/i.test(this.opts.from)) form.set('MessagingServiceSid', this.opts.from);
    else form.set('From', toE164(this.opts.from));

    let response: Response;
    try {
      response = await fetch(this.endpoint, {
        method: 'POST',
        headers: {
          authorization: this.authorization,
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: form.toString(),
        signal: AbortSignal.timeout(this.opts.timeoutMs ?? 10_000),
      });
    } catch (err) {
      const reason = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
      throw new Error(`Twilio request failed: ${scrubContacts(reason)}`);
    }
    if (response.ok) {
      // Drain the body so the connection can be reused.
      await response.arrayBuffer().catch(() => undefined);
      return;
    }
    throw new Error(await describeTwilioError(response));
  }
}

/** Bare 10-digit US numbers get the country code; E.164 numbers pass through. */
export function toE164(phone: string): string {
  const trimmed = phone.trim();
  return /^\d{10}$/.test(trimmed) ? `+1${trimmed}` : trimmed;
}

async function describeTwilioError(response: Response): Promise<string> {
  const text = await response.text().catch(() => '');
  let code: unknown;
  let message: unknown;
  try {
    ({ code, message } = JSON.parse(text) as { code?: unknown; message?: unknown });
  } catch {
    // Not JSON (a proxy's error page): the status alone has to do.
  }
  const parts = [`Twilio rejected the message: HTTP ${response.status}`];
  if (typeof code === 'number' || typeof code === 'string') parts.push(`code ${code}`);
  if (typeof message === 'string') parts.push(scrubContacts(message));
  return parts.join(', ');
}
