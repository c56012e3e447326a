import { desc, eq } from 'drizzle-orm';
import request from 'supertest';
import {
  existingAccountMessage,
  intakeFormResponseSchema,
  intakeMessages,
  type IntakePersonInput,
} from '@clinic/contracts';
import { ManualClock } from '@clinic/kit';
import { eventually } from '@clinic/kit/testing';
import { identityAccountCount } from '@clinic/identity/testing';
import {
  leadCount,
  outboxEvents,
  startIntakeWithIdentity,
  validPerson,
} from '../testing/intake-service';
import { leads } from '../db/schema';

const NOT_QUALIFIED =
  "We're Sorry. Based on the information you provided, you currently do not qualify for our programs.";

describe('POST /api/intake-form', () => {
  const clock = new ManualClock('2026-11-22T15:00:00.000Z');
  let service: Awaited<ReturnType<typeof startIntakeWithIdentity>>;

  beforeAll(async () => {
    service = await startIntakeWithIdentity({ clock });
  });
  afterAll(async () => service.close());

  const submit = (body: unknown) =>
    request(service.app)
      .post('/api/intake-form')
      .send(body as object);
  /** The leads stored for an email, newest first. */
  const leadsOf = (email: string) =>
    service.engines.database.db
      .select()
      .from(leads)
      .where(eq(leads.email, email))
      .orderBy(desc(leads.id));

  it('turns on "Text me updates" for the account of a quiz that agreed to texts', async () => {
    const res = await submit(validPerson({ email: 'texts.agreed@example.com' }));
    const body = intakeFormResponseSchema.parse(res.body);
    if (body.status !== 'success') throw new Error(`expected success, got ${body.status}`);
    const contact = await service.identity.patientContact(body.user.id);
    expect(contact?.text_updates).toBe(true);
  });

  it('qualifies a lead: account, session, lead with derived values, event and welcome email', async () => {
    const person = validPerson({
      email: '  Dana.Qualified@Example.com ',
      tracking: {
        utm_source: 'google',
        gclid: 'abc',
        landing_page: 'http://clinic.test/?utm_source=google',
        sema_offer: 'A',
        tir_offer: 'default',
      },
    });
    const res = await submit(person).set('X-Forwarded-For', '203.0.113.9');
    expect(res.status).toBe(200);
    const body = intakeFormResponseSchema.parse(res.body);
    if (body.status !== 'success') throw new Error(`expected success, got ${body.status}`);
    expect(body.token.length).toBeGreaterThan(20);
    expect(body.user).toMatchObject({
      email: 'dana.qualified@example.com',
      first_name: 'Dana',
      is_admin: 0,
    });

    const [lead] = await leadsOf('dana.qualified@example.com');
    // 210 lbs at 66 in: 210 * 703 / 66^2 = 33.89 -> 33.9; born 14 March 1985 -> 41 on 22 Nov 2026.
    expect(lead).toMatchObject({
      status: 'qualified',
      userId: body.user.id,
      dob: '03/14/1985',
      age: 41,
      heightInches: 66,
      bmi: 33.9,
      tracking: { utm_source: 'google', gclid: 'abc', sema_offer: 'A', tir_offer: 'default' },
    });
    // The client's IP comes from the request (the loopback proxy is trusted), never from the body.
    expect(lead?.ipAddress).toBe('203.0.113.9');

    const events = await outboxEvents(service.engines, 'lead-qualified');
    expect(events.at(-1)?.data).toMatchObject({
      userId: body.user.id,
      newAccount: true,
      bmi: 33.9,
      // The lead's arm of each offer test travels with the campaign, for marketing.
      tracking: { utm_source: 'google', sema_offer: 'A', tir_offer: 'default' },
    });

    await eventually(async () => {
      const mail = await service.engines.mailbox.list({ to: 'dana.qualified@example.com' });
      expect(mail[0]?.body).toMatch(/http:\/\/clinic\.test\/password-reset\/\S+/);
    });
  });

  it('gives an email that already has an account no second account and no session', async () => {
    const email = 'returning@example.com';
    const first = await submit(validPerson({ email }));
    expect(first.body.status).toBe('success');
    const again = await submit(
      validPerson({ email: 'Returning@Example.com', first_name: 'Mallory' }),
    );
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ status: 'existing_account', message: existingAccountMessage });
    expect(await identityAccountCount(service.engines, email)).toBe(1);
    const [lead] = await leadsOf(email);
    expect(lead).toMatchObject({ status: 'existing_account', userId: first.body.user.id });
  });

  it.each<[string, Partial<IntakePersonInput>, string, string]>([
    [
      'a state where the program has not launched',
      { state: 'LA' },
      'state_not_available',
      'Our GLP Medical Weight Loss program is not yet available in Louisiana, but we are launching there next month.',
    ],
    [
      'Mississippi',
      { state: 'MS' },
      'state_not_available',
      'Our GLP Medical Weight Loss program is not yet available in Mississippi, but we are launching there next month.',
    ],
    [
      'Alabama',
      { state: 'AL' },
      'state_not_available',
      'Our GLP Medical Weight Loss program is not yet available in Alabama, but we are launching there next month.',
    ],
    [
      'a birth year after 2006',
      { dob: { mm: 1, dd: 2, yyyy: 2007 } },
      'under_18',
      'We cannot proceed since your age is less than 18 years.',
    ],
    ['a BMI below 20', { weight: 115, desired_weight: 100 }, 'bmi_below_20', NOT_QUALIFIED],
  ])(
    'disqualifies %s: lead stored and tagged, event published, no account',
    async (_what, change, reason, message) => {
      const person = validPerson(change);
      const before = await leadCount(service.engines);
      const res = await submit(person);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ status: 'disqualified', reason, message });
      expect(await leadCount(service.engines)).toBe(before + 1);
      const [lead] = await leadsOf(String(person.email));
      expect(lead).toMatchObject({
        status: 'disqualified',
        disqualifiedReason: reason,
        userId: null,
      });
      const events = await outboxEvents(service.engines, 'lead-disqualified');
      expect(events.at(-1)?.data).toMatchObject({ reason, userId: null, state: person.state });
      expect(await identityAccountCount(service.engines, String(person.email))).toBe(0);
    },
  );

  it('keeps a BMI between 20 and 25 for the plan page to decide', async () => {
    // 140 lbs at 66 in: BMI 22.6, fine for someone already on GLP-1 medication.
    const res = await submit(validPerson({ weight: 140, desired_weight: 120 }));
    expect(res.body.status).toBe('success');
  });

  it('qualifies a BMI of exactly 20.0 and disqualifies 19.9', async () => {
    // 6 ft 3 in (75 in): 160 lbs -> 160 * 703 / 75^2 = 19.996 -> 20.0; 159 lbs -> 19.87 -> 19.9.
    const height = { foot: 6, inches: 3 };
    const atTwenty = validPerson({ height, heightInInches: 75, weight: 160, desired_weight: 150 });
    const res = await submit(atTwenty);
    expect(res.body.status).toBe('success');
    const [lead] = await leadsOf(atTwenty.email);
    expect(lead).toMatchObject({ status: 'qualified', bmi: 20 });

    const below = await submit(
      validPerson({ height, heightInInches: 75, weight: 159, desired_weight: 150 }),
    );
    expect(below.body).toMatchObject({ status: 'disqualified', reason: 'bmi_below_20' });
  });

  it('keeps the phone of the three boxes when the single string says another number', async () => {
    const person = validPerson({ phone: '555-999-9999' });
    const res = await submit(person);
    expect(res.status).toBe(200);
    const [lead] = await leadsOf(person.email);
    expect(lead?.phone).toBe('5551234567');
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['terms not agreed', { agreed_to_terms: false }, intakeMessages.terms],
    ['a blank first name', { first_name: '  ' }, intakeMessages.name],
    ['a script tag in the name', { last_name: '<script>alert(1)</script>' }, intakeMessages.name],
    [
      'a short phone',
      { phone: '555123456', phone_parts: { areaCode: '555', prefix: '123', line: '456' } },
      intakeMessages.phone,
    ],
    [
      'letters in the phone',
      { phone: '555123456a', phone_parts: { areaCode: '555', prefix: '123', line: '456a' } },
      intakeMessages.phone,
    ],
    ['an email without a domain', { email: 'dana@example' }, intakeMessages.email],
    ['an email with a space', { email: 'dana smith@example.com' }, intakeMessages.email],
    ['no email consent', { agreed_to_email: false }, intakeMessages.emailConsent],
    ['3 feet', { height: { foot: 3, inches: 11 } }, intakeMessages.height],
    ['12 inches', { height: { foot: 5, inches: 12 } }, intakeMessages.height],
    ['79 lbs', { weight: 79, desired_weight: 70 }, intakeMessages.weight],
    ['701 lbs', { weight: 701 }, intakeMessages.weight],
    ['31 February', { dob: { mm: 2, dd: 31, yyyy: 1990 } }, intakeMessages.dobInvalid],
    ['a birth year of 1923', { dob: { mm: 1, dd: 1, yyyy: 1923 } }, intakeMessages.dobInvalid],
    [
      'a date of birth tomorrow',
      { dob: { mm: 11, dd: 23, yyyy: 2026 } },
      intakeMessages.dobInvalid,
    ],
    ['a goal of 79 lbs', { desired_weight: 79 }, intakeMessages.desiredWeight],
    [
      'a goal above the current weight',
      { desired_weight: 220 },
      intakeMessages.desiredBelowCurrent,
    ],
    [
      'a goal equal to the current weight',
      { desired_weight: 210 },
      intakeMessages.desiredBelowCurrent,
    ],
  ])('refuses %s with the spec message and stores nothing', async (_what, change, message) => {
    const before = await leadCount(service.engines);
    const res = await submit(validPerson(change));
    expect(res.status).toBe(400);
    expect(res.body.status).toBe('error');
    // The spec's text, after the field it is about when the schema caught it.
    expect(res.body.message).toContain(message);
    expect(await leadCount(service.engines)).toBe(before);
  });

  it.each<[string, unknown]>([
    ['an empty body', {}],
    ['a missing email', (({ email: _e, ...rest }) => rest)(validPerson())],
    ['a weight as text', { ...validPerson(), weight: 'heavy' }],
    ['a 10 kB first name', { ...validPerson(), first_name: 'a'.repeat(10_000) }],
    ['an unknown state', { ...validPerson(), state: 'ZZ' }],
    ['a gender outside the two choices', { ...validPerson(), gender: 'Other' }],
    ['a source other than the web', { ...validPerson(), source_web: 1 }],
    [
      'a script as the landing page',
      { ...validPerson(), tracking: { utm_source: 'ads', landing_page: 'javascript:alert(1)' } },
    ],
    ['markup in a campaign field', { ...validPerson(), tracking: { utm_campaign: '<b>fall</b>' } }],
    ['an unknown offer variant', { ...validPerson(), tracking: { sema_offer: 'Z' } }],
    ['an offer in lower case', { ...validPerson(), tracking: { tir_offer: 'b' } }],
    ['a NUL byte in a name', { ...validPerson(), first_name: 'Da\u0000na' }],
    ['a month as a word', { ...validPerson(), dob: { mm: 'April', dd: '12', yyyy: '1985' } }],
  ])('answers 400 to %s and stores nothing', async (_what, body) => {
    const before = await leadCount(service.engines);
    const res = await submit(body);
    expect(res.status).toBe(400);
    expect(res.body.status).toBe('error');
    expect(res.body.message).toMatch(/^Invalid request body: /);
    expect(await leadCount(service.engines)).toBe(before);
  });

  it('says which offer field is wrong and what it may be', async () => {
    const res = await submit({ ...validPerson(), tracking: { sema_offer: 'Z' } });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('tracking.sema_offer');
    expect(res.body.message).toContain('"default"|"A"|"B"|"C"');
  });
});
