import { z } from 'zod';
import { checkProfile, profileMessages, updateProfile } from './profile';

const valid = {
  first_name: 'Mia',
  last_name: 'Lopez',
  email: 'mia@example.com',
  phone: '5125550188',
  gender: 'Female',
  weight: 180,
  height_inch: 66,
};

/** The request body as the OpenAPI document publishes it. */
const published = z.toJSONSchema(updateProfile.body!, { io: 'input', unrepresentable: 'any' }) as {
  required: string[];
  properties: Record<string, Record<string, unknown>>;
};

describe("update-profile's contract", () => {
  it('publishes every Profile rule of spec 002, so what the schema allows the server saves', () => {
    expect(published.required.sort()).toEqual(
      ['email', 'first_name', 'gender', 'height_inch', 'last_name', 'phone', 'weight'].sort(),
    );
    expect(JSON.stringify(published.properties.first_name)).toContain('"pattern":"\\\\S"');
    expect(published.properties.weight).toMatchObject({
      anyOf: expect.arrayContaining([{ type: 'number', minimum: 1, maximum: 999 }]),
    });
    expect(published.properties.height_inch).toMatchObject({
      anyOf: expect.arrayContaining([{ type: 'number', minimum: 1, maximum: 107 }]),
    });
    expect(published.properties.phone).toMatchObject({ pattern: '^\\s*[0-9]{10}\\s*$' });
  });

  it.each([
    ['a blank first name', { first_name: '  ' }, 'first_name', profileMessages.fullName],
    ['no last name', { last_name: undefined }, 'first_name', profileMessages.fullName],
    ['an email without a domain', { email: 'mia@' }, 'email', profileMessages.email],
    ['a formatted phone', { phone: '(512) 555-0188' }, 'phone', profileMessages.phone],
    ['another gender', { gender: 'Other' }, 'gender', profileMessages.gender],
    ['a weight of 0', { weight: 0 }, 'weight', profileMessages.weight],
    ['a weight of "1000"', { weight: '1000' }, 'weight', profileMessages.weight],
    ['no weight', { weight: null }, 'weight', profileMessages.weight],
    ['a height of 108', { height_inch: 108 }, 'height_inch', profileMessages.height],
    [
      'an unknown category',
      { preferred_categories: ['CARS'] },
      'preferred_categories',
      profileMessages.category,
    ],
  ])(
    'refuses %s in the schema and in checkProfile, with the rule’s text',
    (_c, change, field, message) => {
      const body = { ...valid, ...change };
      const parsed = updateProfile.body!.safeParse(body);
      expect(parsed.error?.issues[0]?.message).toBe(message);
      expect(checkProfile(body as never)).toEqual({ ok: false, field, message });
    },
  );

  it('takes what a form gives and stores it tidied', () => {
    const body = {
      ...valid,
      first_name: ' Mia ',
      email: ' MIA@Example.com ',
      gender: 'female',
      weight: '0181.5',
      height_inch: ' 67 ',
      text_updates: 'true' as const,
      preferred_categories: ['skin', ' MIND '],
    };
    expect(updateProfile.body!.safeParse(body).success).toBe(true);
    expect(checkProfile(body)).toEqual({
      ok: true,
      profile: {
        first_name: 'Mia',
        last_name: 'Lopez',
        email: 'mia@example.com',
        phone: '5125550188',
        gender: 'Female',
        weight: 181.5,
        height_inch: 67,
        text_updates: true,
        preferred_categories: ['MIND', 'SKIN'],
      },
    });
  });
});
