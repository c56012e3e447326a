import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerAddress } from 'smtp-server';
import { SmtpTransport } from './smtp-transport';

/** What the test SMTP server received in one transaction. */
interface Received {
  user: string | undefined;
  mailFrom: string;
  rcptTo: string[];
  raw: string;
}

let server: SMTPServer;
let port: number;
const received: Received[] = [];

beforeAll(async () => {
  server = new SMTPServer({
    // Plain SMTP on loopback: no STARTTLS (its self-signed certificate would fail verification).
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === 'mailer' && auth.password === 's3cret')
        callback(null, { user: auth.username });
      else
        callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
    },
    onRcptTo(address, _session, callback) {
      if (address.address.startsWith('nobody@')) {
        callback(
          Object.assign(new Error(`<${address.address}>: no such user here`), {
            responseCode: 550,
          }),
        );
      } else callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const envelopeFrom = session.envelope.mailFrom;
        received.push({
          user: session.user as string | undefined,
          mailFrom: envelopeFrom ? envelopeFrom.address : '',
          rcptTo: session.envelope.rcptTo.map((r: SMTPServerAddress) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  received.length = 0;
});

const FROM = 'GLP Clinic <care@glp-clinic.test>';

function transport(user = 'mailer', pass = 's3cret'): SmtpTransport {
  return new SmtpTransport({
    url: `smtp://${user}:${pass}@127.0.0.1:${port}`,
    from: FROM,
    timeoutMs: 5000,
  });
}

// A minimal MIME reader, enough for what nodemailer writes: headers, multipart bodies, and the
// 7bit, quoted-printable and base64 transfer encodings.
interface Part {
  headers: Map<string, string>;
  body: string;
}

function parsePart(raw: string): Part {
  const split = raw.indexOf('\r\n\r\n');
  const head = split === -1 ? raw : raw.slice(0, split);
  const body = split === -1 ? '' : raw.slice(split + 4);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decode(part: Part): string {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'base64') return Buffer.from(part.body, 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = part.body
      .replace(/=\r\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return part.body;
}

/** The leaf parts of a message, by content type. */
function leaves(part: Part): Map<string, string> {
  const type = part.headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!type.toLowerCase().startsWith('multipart/') || !boundary) {
    return new Map([[type.split(';')[0]!.trim().toLowerCase(), decode(part).replace(/\r\n$/, '')]]);
  }
  const out = new Map<string, string>();
  const sections = part.body.split(`--${boundary}`).slice(1, -1);
  for (const section of sections) {
    for (const [k, v] of leaves(parsePart(section.replace(/^\r\n/, '').replace(/\r\n$/, ''))))
      out.set(k, v);
  }
  return out;
}

describe('SmtpTransport against a real SMTP server', () => {
  it('authenticates and delivers from, to, subject, text and html', async () => {
    const smtp = transport();
    await smtp.send({
      channel: 'email',
      to: 'jane@example.com',
      subject: 'Your verification code',
      body: 'Hello Jane,\nYour code is 4821.',
      html: '<p>Your code is <b>4821</b></p>',
    });
    await smtp.close();

    expect(received).toHaveLength(1);
    const mail = received[0]!;
    expect(mail.user).toBe('mailer');
    expect(mail.mailFrom).toBe('care@glp-clinic.test');
    expect(mail.rcptTo).toEqual(['jane@example.com']);
    const message = parsePart(mail.raw);
    expect(message.headers.get('from')).toBe('GLP Clinic <care@glp-clinic.test>');
    expect(message.headers.get('to')).toBe('jane@example.com');
    expect(message.headers.get('subject')).toBe('Your verification code');
    const parts = leaves(message);
    expect(parts.get('text/plain')).toBe('Hello Jane,\r\nYour code is 4821.');
    expect(parts.get('text/html')).toBe('<p>Your code is <b>4821</b></p>');
  });

  it('sends a text-only email when there is no html', async () => {
    const smtp = transport();
    await smtp.send({
      channel: 'email',
      to: 'bob@example.com',
      subject: 'Receipt',
      body: 'Thanks, Bob — $99.00 paid.',
    });
    await smtp.close();
    const parts = leaves(parsePart(received[0]!.raw));
    expect([...parts.keys()]).toEqual(['text/plain']);
    expect(parts.get('text/plain')).toBe('Thanks, Bob — $99.00 paid.');
  });

  it('throws when the server rejects the recipient, without the address in the error', async () => {
    const smtp = transport();
    const error = await smtp
      .send({ channel: 'email', to: 'nobody@example.com', subject: 'Hi', body: 'x' })
      .then(
        () => undefined,
        (err: unknown) => err as Error,
      );
    await smtp.close();
    expect(error).toBeInstanceOf(Error);
    expect(error!.message).toMatch(/^SMTP send failed \(EENVELOPE 550/);
    expect(error!.message).not.toContain('nobody@example.com');
    expect(received).toEqual([]);
  });

  it('throws on bad credentials without the password in the error', async () => {
    const smtp = transport('mailer', 'wrong-pass');
    const error = await smtp
      .send({ channel: 'email', to: 'jane@example.com', subject: 'Hi', body: 'x' })
      .then(
        () => undefined,
        (err: unknown) => err as Error,
      );
    await smtp.close();
    expect(error!.message).toMatch(/^SMTP send failed \(EAUTH 535/);
    expect(error!.message).not.toContain('wrong-pass');
    expect(received).toEqual([]);
  });

  it('refuses to send a text message', async () => {
    await expect(transport().send({ channel: 'sms', to: '5551234567', body: 'x' })).rejects.toThrow(
      /cannot send sms/,
    );
  });
});
