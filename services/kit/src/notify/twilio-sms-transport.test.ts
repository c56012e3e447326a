import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { TwilioSmsTransport } from './twilio-sms-transport';

const SID = 'AC0123456789abcdef0123456789abcdef';
const TOKEN = 'super-secret-auth-token';

interface Call {
  method: string;
  path: string;
  authorization: string | undefined;
  contentType: string | undefined;
  form: Record<string, string>;
}

/** Answers the next request with this status and JSON body. */
let answer: { status: number; body: unknown; delayMs?: number };
const calls: Call[] = [];
let server: Server;
let apiUrl: string;

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (raw += chunk));
    req.on('end', () => {
      calls.push({
        method: req.method ?? '',
        path: req.url ?? '',
        authorization: req.headers.authorization,
        contentType: req.headers['content-type'],
        form: Object.fromEntries(new URLSearchParams(raw)),
      });
      const reply = () => {
        if (res.destroyed) return;
        res.writeHead(answer.status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(answer.body));
      };
      if (answer.delayMs) setTimeout(reply, answer.delayMs);
      else reply();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  calls.length = 0;
  answer = { status: 201, body: { sid: 'SM0123', status: 'queued' } };
});

function twilio(from = '+15550006666', timeoutMs?: number): TwilioSmsTransport {
  return new TwilioSmsTransport({
    accountSid: SID,
    authToken: TOKEN,
    from,
    apiUrl: `${apiUrl}/`,
    timeoutMs,
  });
}

async function failure(promise: Promise<unknown>): Promise<Error> {
  return promise.then(
    () => {
      throw new Error('expected the send to fail');
    },
    (err: unknown) => err as Error,
  );
}

describe('TwilioSmsTransport against a local Messages endpoint', () => {
  it('posts the message form with Basic auth to the account Messages resource', async () => {
    await twilio().send({ channel: 'sms', to: '+447700900123', body: 'Your code is 4821' });
    expect(calls).toEqual([
      {
        method: 'POST',
        path: `/2010-04-01/Accounts/${SID}/Messages.json`,
        authorization: `Basic ${Buffer.from(`${SID}:${TOKEN}`).toString('base64')}`,
        contentType: 'application/x-www-form-urlencoded',
        form: { To: '+447700900123', From: '+15550006666', Body: 'Your code is 4821' },
      },
    ]);
  });

  it('adds +1 to 10-digit US numbers', async () => {
    await twilio('5550006666').send({
      channel: 'sms',
      to: '5551234567',
      body: 'Hi & welcome = 100%',
    });
    expect(calls[0]?.form).toEqual({
      To: '+15551234567',
      From: '+15550006666',
      Body: 'Hi & welcome = 100%',
    });
  });

  it('sends through a Messaging Service when the sender is an MG sid', async () => {
    const service = 'MG0123456789abcdef0123456789abcdef';
    await twilio(service).send({ channel: 'sms', to: '5551234567', body: 'Hi' });
    expect(calls[0]?.form).toEqual({
      To: '+15551234567',
      MessagingServiceSid: service,
      Body: 'Hi',
    });
  });

  it("throws Twilio's error code and message on a 400, without the auth token", async () => {
    answer = {
      status: 400,
      body: {
        code: 21211,
        message: "Invalid 'To' Phone Number",
        more_info: 'https://www.twilio.com/docs/errors/21211',
        status: 400,
      },
    };
    const error = await failure(twilio().send({ channel: 'sms', to: '5551234567', body: 'Hi' }));
    expect(error.message).toBe(
      "Twilio rejected the message: HTTP 400, code 21211, Invalid 'To' Phone Number",
    );
    expect(error.message).not.toContain(TOKEN);
    expect(error.message).not.toContain(Buffer.from(`${SID}:${TOKEN}`).toString('base64'));
  });

  it('scrubs the phone number when Twilio quotes it back', async () => {
    answer = {
      status: 400,
      body: { code: 21614, message: "'To' number +15551234567 is not a valid mobile number" },
    };
    const error = await failure(twilio().send({ channel: 'sms', to: '5551234567', body: 'Hi' }));
    expect(error.message).toBe(
      "Twilio rejected the message: HTTP 400, code 21614, 'To' number [redacted] is not a valid mobile number",
    );
  });

  it('throws with the status on a non-JSON server error', async () => {
    answer = { status: 503, body: undefined };
    const error = await failure(twilio().send({ channel: 'sms', to: '5551234567', body: 'Hi' }));
    expect(error.message).toBe('Twilio rejected the message: HTTP 503');
  });

  it('gives up after the timeout', async () => {
    answer = { status: 201, body: {}, delayMs: 2000 };
    const started = Date.now();
    const error = await failure(
      twilio('+15550006666', 100).send({ channel: 'sms', to: '5551234567', body: 'Hi' }),
    );
    expect(error.message).toMatch(/^Twilio request failed: TimeoutError/);
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it('refuses to send an email', async () => {
    await expect(
      twilio().send({ channel: 'email', to: 'a@example.com', subject: 's', body: 'x' }),
    ).rejects.toThrow(/cannot send email/);
    expect(calls).toEqual([]);
  });
});
