import { profileMessages } from '@clinic/contracts';
import { startIdentity, type IdentityHarness } from '../testing/identity-harness';

/** The Profile tab's calls (spec 002): the caller's own profile, its rules and their texts. */
describe('GET /api/profile and POST /api/update-profile', () => {
  let identity: IdentityHarness;
  let mia: number;
  let token: string;

  const valid = {
    first_name: 'Mia',
    last_name: 'Lopez',
    email: 'mia@example.com',
    phone: '5125550188',
    gender: 'Female',
    weight: 180,
    height_inch: 66,
    text_updates: true,
    preferred_categories: ['WEIGHT', 'SKIN'],
  };

  beforeAll(async () => {
    identity = await startIdentity();
    mia = await identity.createUser({ email: 'mia@example.com', password: 'mia-password' });
    await identity.createUser({ email: 'taken@example.com', password: 'other-password' });
    token = await identity.logIn('mia@example.com', 'mia-password');
  });
  afterAll(() => identity.close());

  const read = async (as = token) => {
    const res = await identity.get('/api/profile', { token: as });
    expect(res.status).toBe(200);
    return res.body.profile as Record<string, unknown>;
  };
  const update = (body: unknown, as = token) =>
    identity.post('/api/update-profile', body, { token: as });

  it('needs a login for both calls', async () => {
    expect((await identity.get('/api/profile')).status).toBe(401);
    expect((await identity.post('/api/update-profile', valid)).status).toBe(401);
  });

  it("reads the caller's profile, with no choices made yet", async () => {
    expect(await read()).toEqual({
      first_name: 'Test',
      last_name: 'Person',
      email: 'mia@example.com',
      phone: '',
      gender: null,
      weight: null,
      weight_at: null,
      height_inch: null,
      text_updates: false,
      preferred_categories: [],
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
  });

  it('saves the profile and reads it back as saved', async () => {
    const res = await update(valid);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'success', message: 'Profile updated!' });
    expect(await read()).toMatchObject({ ...valid, preferred_categories: ['WEIGHT', 'SKIN'] });
  });

  it('dates a weight when the patient changes it, so a later report can be told from it', async () => {
    await update({ ...valid, weight: 176 });
    const changedAt = identity.clock.now().toISOString();
    expect(await read()).toMatchObject({ weight: 176, weight_at: changedAt });
    // Saving the same weight with other changes keeps its date.
    identity.clock.advance(60_000);
    await update({ ...valid, weight: 176, first_name: 'Mina' });
    expect(await read()).toMatchObject({ weight: 176, weight_at: changedAt });
    identity.clock.advance(60_000);
    await update({ ...valid, weight: 174 });
    expect(await read()).toMatchObject({
      weight: 174,
      weight_at: identity.clock.now().toISOString(),
    });
  });

  it('takes numbers as the strings a form gives, trims names and lower-cases the email', async () => {
    const res = await update({
      ...valid,
      first_name: '  Mia ',
      email: ' MIA@Example.com ',
      weight: '181.5',
      height_inch: ' 67 ',
      text_updates: 'false',
      preferred_categories: ['skin', 'MIND', 'SKIN'],
    });
    expect(res.status).toBe(200);
    expect(await read()).toMatchObject({
      first_name: 'Mia',
      email: 'mia@example.com',
      weight: 181.5,
      height_inch: 67,
      text_updates: false,
      preferred_categories: ['MIND', 'SKIN'],
    });
  });

  it.each([
    ['a blank first name', { first_name: '  ' }, profileMessages.fullName],
    ['no last name', { last_name: undefined }, profileMessages.fullName],
    ['an email without a domain', { email: 'mia@' }, profileMessages.email],
    ['a 9-digit phone', { phone: '512555018' }, profileMessages.phone],
    ['an 11-digit phone', { phone: '15125550188' }, profileMessages.phone],
    ['a formatted phone', { phone: '(512) 555-0188' }, profileMessages.phone],
    ['no gender', { gender: '' }, profileMessages.gender],
    ['another gender value', { gender: 'Other' }, profileMessages.gender],
    ['a weight of 0', { weight: 0 }, profileMessages.weight],
    ['a weight of 1000', { weight: '1000' }, profileMessages.weight],
    ['a weight that is not a number', { weight: 'heavy' }, profileMessages.weight],
    ['no weight', { weight: null }, profileMessages.weight],
    ['a height of 0', { height_inch: 0 }, profileMessages.height],
    ['a height over 8 ft 11 in', { height_inch: 108 }, profileMessages.height],
    ['an unknown category', { preferred_categories: ['WEIGHT', 'CARS'] }, profileMessages.category],
  ])('answers 400 with the message to %s and changes nothing', async (_case, change, message) => {
    const before = await read();
    const res = await update({ ...valid, phone: '2125550147', ...change });
    expect(res.status).toBe(400);
    // The contract's schema says each rule (so the OpenAPI document does), with the rule's text.
    expect(res.body.message).toContain(message);
    expect(res.body.fields?.[0]?.message).toBe(message);
    expect(await read()).toEqual(before);
  });

  it('never answers 500 to a malformed body', async () => {
    for (const body of [
      { ...valid, first_name: 'x'.repeat(10_000) },
      { ...valid, preferred_categories: 'WEIGHT' },
      { ...valid, weight: { pounds: 180 } },
      { ...valid, weight: 1e12, height_inch: -1e12 },
      { ...valid, first_name: 'Mi\u0000a' },
      [],
    ]) {
      const res = await update(body);
      expect(res.status).toBe(400);
    }
  });

  it('refuses an email another account has (any case) with a 409 and changes nothing', async () => {
    const before = await read();
    const res = await update({ ...valid, email: 'Taken@Example.com', first_name: 'Changed' });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(profileMessages.emailTaken);
    expect(await read()).toEqual(before);
  });

  it('publishes a new email and a new phone as patient-contact-changed, and nothing for the rest', async () => {
    await update(valid);
    const seen = (await identity.outboxEvents('patient-contact-changed')).length;
    await update({ ...valid, first_name: 'Mina', weight: 150 });
    expect(await identity.outboxEvents('patient-contact-changed')).toHaveLength(seen);

    await update({ ...valid, email: 'mia.new@example.com', phone: '2125550147' });
    const events = await identity.outboxEvents('patient-contact-changed');
    expect(events.slice(seen)).toEqual([
      expect.objectContaining({ userId: mia, field: 'email', value: 'mia.new@example.com' }),
      expect.objectContaining({ userId: mia, field: 'phone', value: '2125550147' }),
    ]);
    // The new email logs in.
    await identity.logIn('mia.new@example.com', 'mia-password');
  });

  it("changes only the caller's own profile, whatever the body names", async () => {
    const other = await identity.createUser({ email: 'noah@example.com', password: 'noah-pass' });
    const noah = await identity.logIn('noah@example.com', 'noah-pass');
    const noahBefore = await read(noah);
    const res = await update({ ...valid, first_name: 'Mallory', id: other, user_id: other });
    expect(res.status).toBe(200);
    expect((await read()).first_name).toBe('Mallory');
    expect(await read(noah)).toEqual(noahBefore);
  });
});
