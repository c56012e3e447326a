import { eq } from 'drizzle-orm';
import { identityMessages, privacyRequestMessages, type PrivacyRequest } from '@clinic/contracts';
import { privacyRequests } from '../db/schema';
import { identityRateLimits } from '../domain/rate-limits';
import { startIdentity, type IdentityHarness } from '../testing/identity-harness';

describe('POST /api/privacy-request', () => {
  let identity: IdentityHarness;

  beforeAll(async () => {
    identity = await startIdentity();
  });
  afterAll(() => identity.close());

  let people = 0;
  /** A request from a new person each time, so rate-limit counts do not mix between tests. */
  function request(overrides: Partial<Record<keyof PrivacyRequest, unknown>> = {}) {
    people += 1;
    return {
      name: 'Ana Diaz',
      email: `ana${people}@example.com`,
      state: 'CA',
      request_type: 'delete',
      details: 'Please delete my quiz answers.',
      confirmed: true,
      ...overrides,
    };
  }

  const send = (body: unknown, from?: string) =>
    identity.post('/api/privacy-request', body, { from });

  const stored = (email: string) =>
    identity.service.runtime.db
      .select()
      .from(privacyRequests)
      .where(eq(privacyRequests.email, email));
  const storedCount = () => identity.service.runtime.db.$count(privacyRequests);

  it('stores the request, answers its reference and emails it with the 45-day window', async () => {
    const body = request({ email: '  Ana.Diaz@Example.com ', state: 'ca', name: ' Ana Diaz ' });
    const res = await send(body);

    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      status: 'success',
      message: privacyRequestMessages.received,
      reference: expect.stringMatching(/^PR-[0-9A-HJKMNP-TV-Z]{8}$/),
    });
    const { reference } = res.body as { reference: string };

    const [row, ...others] = await stored('ana.diaz@example.com');
    expect(others).toEqual([]);
    expect(row).toMatchObject({
      reference,
      requestType: 'delete',
      name: 'Ana Diaz',
      email: 'ana.diaz@example.com',
      state: 'CA',
      details: 'Please delete my quiz answers.',
      confirmed: true,
      status: 'received',
    });
    // The harness clock stands at 2026-03-02 15:00 UTC: 45 days on is April 16.
    expect(row!.receivedAt.toISOString()).toBe('2026-03-02T15:00:00.000Z');
    expect(row!.respondBy.toISOString()).toBe('2026-04-16T15:00:00.000Z');

    await identity.queueIdle();
    const [email, ...more] = await identity.inbox('ana.diaz@example.com');
    expect(more).toEqual([]);
    expect(email?.subject).toBe(`We received your privacy request (${reference})`);
    expect(email?.body).toContain('Hi Ana Diaz,');
    expect(email?.body).toContain('Delete my personal information');
    expect(email?.body).toContain(`Your reference is ${reference}`);
    expect(email?.body).toContain('We will respond by April 16, 2026 (45 days from receipt).');
  });

  it('tells an opt-out that nothing more is needed and it applies within 15 business days', async () => {
    const body = request({ request_type: 'do_not_sell_or_share', details: undefined });
    const res = await send(body);
    expect(res.status).toBe(200);
    const [row] = await stored(body.email as string);
    expect(row).toMatchObject({ requestType: 'do_not_sell_or_share', details: '' });

    await identity.queueIdle();
    const [email] = await identity.inbox(body.email as string);
    expect(email?.body).toContain('Do not sell or share my personal information');
    expect(email?.body).toContain('within 15 business days');
    expect(email?.body).not.toContain('confirm that the request comes from you');
  });

  it('gives every request its own reference', async () => {
    const first = await send(request({ request_type: 'access' }));
    const second = await send(request({ request_type: 'access' }));
    expect(first.body.reference).not.toBe(second.body.reference);
  });

  it.each([
    ['a bad email', { email: 'not-an-email' }, 'email', privacyRequestMessages.email],
    ['no consent', { confirmed: false }, 'confirmed', privacyRequestMessages.confirm],
    ['consent left out', { confirmed: undefined }, 'confirmed', privacyRequestMessages.confirm],
    ['a 300-character name', { name: 'N'.repeat(300) }, 'name', 'At most 120 characters'],
    ['a NUL byte in the name', { name: 'Ana\u0000Diaz' }, 'name', 'control characters'],
    ['a NUL byte in the details', { details: 'a\u0000b' }, 'details', 'control characters'],
    ['an unknown state', { state: 'ZZ' }, 'state', privacyRequestMessages.state],
    ['an unknown request type', { request_type: 'sell' }, 'request_type', 'Please choose'],
    ['a blank name', { name: '   ' }, 'name', privacyRequestMessages.name],
  ])(
    'answers 400 to %s naming the field, and stores and sends nothing',
    async (_c, bad, field, text) => {
      const before = await storedCount();
      const body = request(bad);
      const res = await send(body);

      expect(res.status).toBe(400);
      expect(res.body.status).toBe('error');
      expect(res.body.message).toMatch(new RegExp(`^Invalid request body: .*\\b${field}: `));
      expect(res.body.message).toContain(text);
      expect(await storedCount()).toBe(before);
      await identity.queueIdle();
      if (typeof body.email === 'string') expect(await identity.inbox(body.email)).toEqual([]);
    },
  );

  it('refuses a sixth request from one email within the hour with 429 and Retry-After', async () => {
    const { limit, windowMs } = identityRateLimits.privacyRequestPerEmail;
    const email = 'many@example.com';
    for (let i = 0; i < limit; i += 1)
      expect((await send(request({ email, request_type: 'access' }))).status).toBe(200);

    const refused = await send(request({ email }));
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(identityMessages.tooManyAttempts);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(windowMs / 1000);
    expect(await stored(email)).toHaveLength(limit);
    await identity.queueIdle();
    expect(await identity.inbox(email)).toHaveLength(limit);

    identity.clock.advance(windowMs);
    expect((await send(request({ email }))).status).toBe(200);
  });

  it('limits one client address across emails', async () => {
    const { limit } = identityRateLimits.privacyRequestPerAddress;
    const from = '198.51.100.77';
    for (let i = 0; i < limit; i += 1) expect((await send(request(), from)).status).toBe(200);
    const before = await storedCount();
    const refused = await send(request(), from);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await storedCount()).toBe(before);
    expect((await send(request(), '198.51.100.78')).status).toBe(200);
  });
});
