import { sql } from 'drizzle-orm';
import { eventually } from '../testing/support';
import { systemClock } from '../clock';
import { rows } from '../db/database';
import { kitMigrations } from '../db/kit-migrations';
import { migrate } from '../db/migrate';
import { PgliteDatabase } from '../db/pglite-database';
import { LocalQueue } from '../jobs/local-queue';
import { createLogger } from '../logging/logger';
import { MailboxStore, MailboxTransport } from './mailbox';
import type { OutgoingMessage } from './message';
import { InvalidNotificationError, Notifier } from './notifier';
import {
  sendNotificationJob,
  type NotificationTransports,
  type SendNotificationJobOptions,
} from './send-notification-job';
import type { NotificationTransport } from './transport';

jest.setTimeout(30000);

const SCHEMA = 'notify_test';
const logger = createLogger({ service: 'notify-test', level: 'silent' });

let database: PgliteDatabase;
let mailbox: MailboxStore;
let queue: LocalQueue | undefined;

beforeAll(async () => {
  database = await PgliteDatabase.open();
  await migrate(database, SCHEMA, kitMigrations(SCHEMA));
  mailbox = new MailboxStore(database);
  await mailbox.migrate();
});

afterAll(async () => {
  await database.close();
});

beforeEach(async () => {
  await database.db.execute(sql`delete from ${sql.identifier(SCHEMA)}.jobs`);
  await mailbox.clear();
});

afterEach(async () => {
  await queue?.close();
  queue = undefined;
});

/** A started queue that sends through `transports`, and the Notifier in front of it. */
async function start(transports: NotificationTransports, opts?: SendNotificationJobOptions) {
  queue = new LocalQueue({
    service: SCHEMA,
    schema: SCHEMA,
    database,
    logger,
    clock: systemClock,
    pollMs: 20,
  });
  queue.define(sendNotificationJob(transports, opts));
  await queue.start();
  return { queue, notifier: new Notifier(queue) };
}

/** Fails its first `failures` sends, then records what it delivers. */
class FlakyTransport implements NotificationTransport {
  calls = 0;
  delivered: OutgoingMessage[] = [];

  constructor(private readonly failures: number) {}

  async send(message: OutgoingMessage): Promise<void> {
    this.calls += 1;
    if (this.calls <= this.failures) throw new Error(`provider unavailable (call ${this.calls})`);
    this.delivered.push(message);
  }
}

const email: OutgoingMessage = {
  channel: 'email',
  to: 'jane@example.com',
  subject: 'Your verification code',
  body: 'Your code is 4821.',
};

describe('Notifier with LocalQueue', () => {
  it('delivers a sent email to the mailbox through the job queue', async () => {
    const mailboxTransport = new MailboxTransport(mailbox);
    const { queue, notifier } = await start({ email: mailboxTransport, sms: mailboxTransport });
    const jobId = await notifier.send(email);
    await eventually(async () => expect(await queue.state(jobId)).toBe('completed'));
    expect(await mailbox.list({ to: 'jane@example.com' })).toEqual([
      expect.objectContaining({
        channel: 'email',
        to: 'jane@example.com',
        subject: 'Your verification code',
        body: 'Your code is 4821.',
      }),
    ]);
  });

  it('routes each message to its channel transport', async () => {
    const emails = new FlakyTransport(0);
    const texts = new FlakyTransport(0);
    const { queue, notifier } = await start({ email: emails, sms: texts });
    const a = await notifier.send(email);
    const b = await notifier.send({ channel: 'sms', to: '5551234567', body: 'Code 4821' });
    await eventually(async () => {
      expect(await queue.state(a)).toBe('completed');
      expect(await queue.state(b)).toBe('completed');
    });
    expect(emails.delivered).toEqual([email]);
    expect(texts.delivered).toEqual([{ channel: 'sms', to: '5551234567', body: 'Code 4821' }]);
  });

  it('retries a failing transport and delivers once, on the third attempt', async () => {
    const flaky = new FlakyTransport(2);
    const { queue, notifier } = await start(
      { email: flaky, sms: flaky },
      { attempts: 5, backoffMs: 20 },
    );
    const jobId = await notifier.send(email);
    await eventually(async () => expect(await queue.state(jobId)).toBe('completed'));
    expect(flaky.calls).toBe(3);
    expect(flaky.delivered).toEqual([email]);
    expect(await queue.deadLetters()).toEqual([]);
  });

  it('dead-letters a message whose transport always fails, after the last attempt', async () => {
    const broken = new FlakyTransport(Number.POSITIVE_INFINITY);
    const { queue, notifier } = await start(
      { email: broken, sms: broken },
      { attempts: 3, backoffMs: 10 },
    );
    const jobId = await notifier.send(email, { jobId: 'welcome-jane' });
    await eventually(async () => expect(await queue.state(jobId)).toBe('dead'));
    expect(broken.calls).toBe(3);
    expect(await queue.deadLetters()).toEqual([
      {
        id: 'welcome-jane',
        name: 'notify.send-notification',
        payload: email,
        attempts: 3,
        error: 'Error: provider unavailable (call 3)',
      },
    ]);
  });

  it('sends once for a repeated job id', async () => {
    const transport = new FlakyTransport(0);
    const { queue, notifier } = await start({ email: transport, sms: transport });
    await notifier.send(email, { jobId: 'code-1' });
    await notifier.send(email, { jobId: 'code-1' });
    await eventually(async () => expect(await queue.state('code-1')).toBe('completed'));
    // Give a duplicate the time it would need to run.
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(transport.calls).toBe(1);
  });

  it('waits for delayMs before sending', async () => {
    const transport = new FlakyTransport(0);
    const { queue, notifier } = await start({ email: transport, sms: transport });
    const jobId = await notifier.send(email, { delayMs: 400 });
    expect(await queue.state(jobId)).toBe('delayed');
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(transport.calls).toBe(0);
    await eventually(async () => expect(transport.calls).toBe(1));
  });

  it('rejects an invalid message at the caller and queues nothing', async () => {
    const transport = new FlakyTransport(0);
    const { notifier } = await start({ email: transport, sms: transport });
    await expect(
      notifier.send({ channel: 'sms', to: 'jane@example.com', body: 'hi' }),
    ).rejects.toThrow(InvalidNotificationError);
    await expect(
      notifier.send({ channel: 'email', to: 'jane@example.com', body: 'no subject' } as never),
    ).rejects.toThrow(/subject/);
    expect(await rows(database.db, sql`select id from ${sql.identifier(SCHEMA)}.jobs`)).toEqual([]);
  });
});
