import { sql } from 'drizzle-orm';
import express from 'express';
import request from 'supertest';
import type { PgliteDatabase } from '../db/pglite-database';
import { openTestDatabase } from '../testing/test-database';
import { MAILBOX_SCHEMA, MailboxStore, MailboxTransport } from './mailbox';
import { mailboxRouter } from './mailbox-router';

let database: PgliteDatabase;
let store: MailboxStore;

beforeAll(async () => {
  database = await openTestDatabase();
  store = new MailboxStore(database);
  await store.migrate();
  // A second migrate (another service starting) changes nothing.
  await store.migrate();
});

afterAll(async () => {
  await database.close();
});

beforeEach(async () => {
  await store.clear();
});

/** The next message's id; lets a test cross from one-digit to two-digit ids. */
async function nextIdIs(id: number): Promise<void> {
  await database.db.execute(
    sql.raw(`alter sequence ${MAILBOX_SCHEMA}.messages_id_seq restart with ${id}`),
  );
}

async function seed(): Promise<void> {
  await store.add({
    channel: 'email',
    to: 'jane@example.com',
    subject: 'Welcome',
    body: 'Hello Jane',
    html: '<p>Hello</p>',
  });
  await store.add({ channel: 'sms', to: '+15551234567', body: 'Your code is 1234' });
  await store.add({
    channel: 'email',
    to: 'bob@example.com',
    subject: 'Receipt',
    body: 'Thanks Bob',
  });
}

describe('MailboxStore', () => {
  it('lists stored messages newest first with their fields', async () => {
    const before = Date.now();
    await seed();
    const messages = await store.list();
    expect(messages.map((m) => m.to)).toEqual([
      'bob@example.com',
      '+15551234567',
      'jane@example.com',
    ]);
    expect(messages[1]).toEqual({
      id: expect.stringMatching(/^\d+$/),
      channel: 'sms',
      to: '+15551234567',
      subject: null,
      body: 'Your code is 1234',
      sentAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    const sentAt = new Date(messages[0]!.sentAt).getTime();
    expect(sentAt).toBeGreaterThanOrEqual(before - 1000);
    expect(sentAt).toBeLessThanOrEqual(Date.now() + 1000);
  });

  it('keeps newest first past nine messages (ids compared as numbers, not as text)', async () => {
    await nextIdIs(1);
    for (let n = 1; n <= 12; n++)
      await store.add({
        channel: 'email',
        to: 'many@example.com',
        subject: `Mail ${n}`,
        body: '.',
      });
    const subjects = (await store.list()).map((m) => m.subject);
    expect(subjects).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1].map((n) => `Mail ${n}`));
    expect((await store.list({ limit: 1 }))[0]?.subject).toBe('Mail 12');
  });

  it('filters by recipient and channel and honours the limit', async () => {
    await seed();
    await store.add({ channel: 'email', to: 'jane@example.com', subject: 'Second', body: 'Again' });
    expect((await store.list({ to: 'jane@example.com' })).map((m) => m.subject)).toEqual([
      'Second',
      'Welcome',
    ]);
    expect((await store.list({ channel: 'sms' })).map((m) => m.to)).toEqual(['+15551234567']);
    expect((await store.list({ limit: 1 })).map((m) => m.subject)).toEqual(['Second']);
  });

  it('clears everything', async () => {
    await seed();
    await store.clear();
    expect(await store.list()).toEqual([]);
  });

  it('is written to by MailboxTransport', async () => {
    await new MailboxTransport(store).send({ channel: 'sms', to: '5551234567', body: 'hi' });
    expect(await store.list()).toEqual([
      expect.objectContaining({ channel: 'sms', to: '5551234567', body: 'hi' }),
    ]);
  });
});

describe('mailboxRouter', () => {
  const app = () => express().use(express.json()).use('/dev/mailbox', mailboxRouter(store));

  it('GET /api/messages answers the messages newest first', async () => {
    await seed();
    const res = await request(app()).get('/dev/mailbox/api/messages').expect(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body.messages).toHaveLength(3);
    expect(res.body.messages[0]).toEqual({
      channel: 'email',
      to: 'bob@example.com',
      subject: 'Receipt',
      body: 'Thanks Bob',
      sentAt: expect.any(String),
    });
    expect(res.body.messages.map((m: { to: string }) => m.to)).toEqual([
      'bob@example.com',
      '+15551234567',
      'jane@example.com',
    ]);
  });

  it('GET /api/messages and the page list the newest message first past nine messages', async () => {
    await nextIdIs(5);
    for (let n = 1; n <= 11; n++)
      await store.add({ channel: 'sms', to: '+15550000000', body: `Text number ${n}.` });
    const res = await request(app()).get('/dev/mailbox/api/messages').expect(200);
    expect(res.body.messages.map((m: { body: string }) => m.body)).toEqual(
      [11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1].map((n) => `Text number ${n}.`),
    );
    const page = await request(app()).get('/dev/mailbox/').expect(200);
    const order = [11, 10, 9, 2, 1].map((n) => page.text.indexOf(`Text number ${n}.`));
    expect(order.every((at) => at > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });

  it('GET /api/messages?to= filters by recipient', async () => {
    await seed();
    const res = await request(app())
      .get('/dev/mailbox/api/messages')
      .query({ to: '+15551234567' })
      .expect(200);
    expect(res.body.messages).toEqual([
      {
        channel: 'sms',
        to: '+15551234567',
        subject: null,
        body: 'Your code is 1234',
        sentAt: expect.any(String),
      },
    ]);
  });

  it('rejects a bad query with 400', async () => {
    const res = await request(app())
      .get('/dev/mailbox/api/messages')
      .query({ channel: 'fax' })
      .expect(400);
    expect(res.body.message).toMatch(/channel/);
  });

  it('DELETE /api/messages empties the mailbox', async () => {
    await seed();
    await request(app()).delete('/dev/mailbox/api/messages').expect(204);
    expect(await store.list()).toEqual([]);
  });

  it('GET / renders the messages as a refreshing page', async () => {
    await seed();
    const res = await request(app()).get('/dev/mailbox/').expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.text).toContain('<meta http-equiv="refresh" content="5">');
    expect(res.text).toContain('name="viewport"');
    expect(res.text).toContain('<pre>Your code is 1234</pre>');
    expect(res.text).toContain('jane@example.com');
    expect(res.text.indexOf('bob@example.com')).toBeLessThan(res.text.indexOf('jane@example.com'));
    // Self-contained: no external scripts, styles or images.
    expect(res.text).not.toMatch(/<script|<link|src=/i);
  });

  it('GET / with a blank filter shows everyone, with ?to= only that recipient', async () => {
    await seed();
    const all = await request(app()).get('/dev/mailbox/').query({ to: '' }).expect(200);
    expect(all.text).toContain('bob@example.com');
    const one = await request(app())
      .get('/dev/mailbox/')
      .query({ to: 'jane@example.com' })
      .expect(200);
    expect(one.text).toContain('Hello Jane');
    expect(one.text).not.toContain('Thanks Bob');
  });

  it('GET / escapes message content', async () => {
    await store.add({
      channel: 'email',
      to: 'x"onmouseover="alert(1)@example.com',
      subject: '<img src=x onerror=alert(1)>',
      body: '<script>alert("pwned")</script> & more',
    });
    const res = await request(app()).get('/dev/mailbox/').expect(200);
    expect(res.text).not.toContain('<script>');
    expect(res.text).not.toContain('<img');
    expect(res.text).toContain('&lt;script&gt;alert(&quot;pwned&quot;)&lt;/script&gt; &amp; more');
    expect(res.text).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(res.text).not.toContain('x"onmouseover');
  });
});
