import { sql } from 'drizzle-orm';
import {
  poBoxMessage,
  shippingAddressSaved,
  stateRulesChanged,
  stateRulesSeed,
  verificationMessages,
} from '@clinic/contracts';
import { eventually } from '@clinic/kit/testing';
import { AddressServiceUnavailableError } from '../address/address-validator';
import { storeAddress } from '../domain/shipping-addresses';
import { startVerification, type VerificationHarness } from '../testing/verification-harness';

jest.setTimeout(60000);

let h: VerificationHarness;
beforeAll(async () => {
  h = await startVerification();
});
afterAll(async () => {
  await h.close();
});

const typed = {
  address_line_1: '1200 Congress Avenue Apartment 4',
  address_line_2: '',
  city: 'Austin',
  state: 'tx',
  zip: '78701',
};

/** What checkout publishes after a payment: the address as typed on the checkout page. */
async function checkoutSaved(userId: number, address: Record<string, string | null>) {
  await h.identity.service.runtime.transaction((_tx, events) =>
    events.publish(shippingAddressSaved, {
      userId,
      source: 'checkout',
      address: {
        address_line_1: address.address_line_1 ?? '',
        address_line_2: address.address_line_2 ?? null,
        city: address.city ?? '',
        state: address.state ?? '',
        zip: address.zip ?? '',
      },
      savedAt: h.clock.now().toISOString(),
    }),
  );
}

describe('the stored address on entering /verify', () => {
  it('is valid when checkout saved a deliverable address', async () => {
    const p = await h.patient();
    await checkoutSaved(p.id, {
      address_line_1: '1600 PENNSYLVANIA AVE NW',
      city: 'WASHINGTON',
      state: 'DC',
      zip: '20500',
    });
    await eventually(async () => {
      const res = await h.get(`/api/address/validate/${p.id}`, p);
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ valid: true });
    });
  });

  it('is not valid, with the standard form suggested, when typed loosely; not valid when none', async () => {
    const p = await h.patient();
    const none = await h.get(`/api/address/validate/${p.id}`, p);
    expect(none.body).toEqual({
      status: 'success',
      data: { valid: false, suggestions: [], standardized: null, problems: [], address: null },
    });
    await checkoutSaved(p.id, { ...typed, state: 'TX', city: 'Dallas' });
    await eventually(async () => {
      const res = await h.get(`/api/address/validate/${p.id}`, p);
      expect(res.body.data.address).not.toBeNull();
      expect(res.body.data.valid).toBe(false);
      expect(res.body.data.suggestions[0]).toMatchObject({ city: 'AUSTIN', zip: '78701' });
    });
  });

  it('keeps the newer of two saves, whichever arrives last', async () => {
    const p = await h.patient();
    const address = (address_line_1: string) => ({
      address_line_1,
      address_line_2: null,
      city: 'AUSTIN',
      state: 'TX',
      zip: '78701',
    });
    const store = (line: string, source: 'checkout' | 'verification', at: string) =>
      h.service.runtime.transaction((tx) =>
        storeAddress(tx, p.id, address(line), source, new Date(at)),
      );
    const stored = async () => (await h.get('/api/ship-address', p)).body.data;
    await store('2 NEWER ST', 'verification', '2026-11-23T12:00:00.000Z');
    await store('1 OLDER ST', 'checkout', '2026-11-23T11:00:00.000Z');
    expect(await stored()).toEqual(address('2 NEWER ST'));
    await store('3 NEWEST ST', 'checkout', '2026-11-23T13:00:00.000Z');
    expect(await stored()).toEqual(address('3 NEWEST ST'));
  });

  it("refuses another patient's id", async () => {
    const p = await h.patient();
    const other = await h.patient();
    const res = await h.get(`/api/address/validate/${other.id}`, p);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(verificationMessages.otherAccount);
  });
});

describe('POST /api/address/validate', () => {
  it('suggests the USPS form of a typed address', async () => {
    const p = await h.patient();
    const res = await h.post('/api/address/validate', typed, p);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: 'success',
      valid: true,
      standardized: {
        address_line_1: '1200 CONGRESS AVE',
        address_line_2: 'APT 4',
        city: 'AUSTIN',
        state: 'TX',
        zip: '78701',
      },
      message: verificationMessages.suggestion,
    });
  });

  it('says what is wrong with a ZIP code from another state or one that does not exist', async () => {
    const p = await h.patient();
    const wrongState = await h.post('/api/address/validate', { ...typed, zip: '10001' }, p);
    expect(wrongState.body.valid).toBe(false);
    expect(wrongState.body.problems).toContainEqual(expect.objectContaining({ field: 'zip' }));
    const nowhere = await h.post('/api/address/validate', { ...typed, zip: '00000' }, p);
    expect(nowhere.body.valid).toBe(false);
    expect(nowhere.body.problems).toContainEqual({
      field: 'zip',
      message: 'This ZIP code does not exist.',
    });
  });

  it('refuses 300-character lines and a state outside the US list', async () => {
    const p = await h.patient();
    const long = await h.post(
      '/api/address/validate',
      { ...typed, address_line_1: 'x'.repeat(300) },
      p,
    );
    expect(long.status).toBe(400);
    expect(long.body.message).toContain('address_line_1: At most 256 characters');
    const state = await h.post('/api/address/validate', { ...typed, state: 'XX' }, p);
    expect(state.status).toBe(400);
    expect(state.body.message).toContain('Choose a US state');
  });
});

describe('POST and GET /api/ship-address', () => {
  it('saves the standard form, publishes it, and reads it back', async () => {
    const p = await h.patient();
    const res = await h.post('/api/ship-address', typed, p);
    expect(res.status).toBe(200);
    const saved = {
      address_line_1: '1200 CONGRESS AVE',
      address_line_2: 'APT 4',
      city: 'AUSTIN',
      state: 'TX',
      zip: '78701',
    };
    expect(res.body).toEqual({
      status: 'success',
      message: 'Address updated successfully!',
      address: saved,
    });
    expect((await h.get('/api/ship-address', p)).body).toEqual({ status: 'success', data: saved });
    const events = await h.query<{ envelope: { data: unknown } }>(
      sql`select envelope from verification.outbox where name = 'shipping-address-saved'`,
    );
    expect(events.map((e) => e.envelope.data)).toContainEqual({
      userId: p.id,
      source: 'verification',
      address: saved,
      savedAt: h.clock.now().toISOString(),
    });
    // The stored address now validates on entry, so the page goes straight to the phone step.
    expect((await h.get(`/api/address/validate/${p.id}`, p)).body.data.valid).toBe(true);
  });

  it('refuses a P.O. box, a ZIP from another state and one that does not exist, saving nothing', async () => {
    const p = await h.patient();
    const cases = [
      { ...typed, address_line_1: 'P.O. Box 123', address_line_2: null },
      { ...typed, zip: '10001' },
      { ...typed, zip: '00000' },
    ];
    for (const address of cases) {
      const res = await h.post('/api/ship-address', address, p);
      expect(res.status).toBe(400);
      expect(res.body.problems.length).toBeGreaterThan(0);
      expect(res.body.message).toBe(res.body.problems[0].message);
    }
    expect((await h.get('/api/ship-address', p)).body).toEqual({ status: 'success', data: null });
  });

  it("refuses a state the program does not serve and, after an admin's change, one the pharmacy cannot ship to", async () => {
    const p = await h.patient();
    const louisiana = { ...typed, city: 'Baton Rouge', state: 'LA', zip: '70802' };
    const vermont = { ...typed, city: 'Burlington', state: 'VT', zip: '05401' };
    const blocked = await h.post('/api/ship-address', louisiana, p);
    expect(blocked.status).toBe(400);
    expect(blocked.body.message).toBe(
      'Our GLP Medical Weight Loss program is not yet available in Louisiana, but we are launching there next month.',
    );
    expect((await h.post('/api/ship-address', vermont, p)).status).toBe(200);

    // Intake's event, as the bus delivers it: the pharmacy stops shipping to Vermont.
    await h.service.runtime.transaction((_tx, events) =>
      events.publish(stateRulesChanged, {
        version: 1,
        rules: { ...stateRulesSeed, noShippingStates: ['VT'] },
        changedAt: h.clock.now().toISOString(),
      }),
    );
    await eventually(async () => {
      const refused = await h.post('/api/ship-address', vermont, p);
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe(
        'Our pharmacy cannot ship to Vermont yet. Please use a shipping address in another state.',
      );
    });
    const moved = await h.post('/api/ship-address', { ...vermont, address_line_1: '1 Main St' }, p);
    expect(moved.status).toBe(400);
    expect((await h.get('/api/ship-address', p)).body.data.address_line_1).toBe(
      '1200 CONGRESS AVE',
    );
  });
});

describe('P.O. boxes, however they are written', () => {
  it.each([
    'P.O.B. 77',
    'Postal Box 12',
    'P. O. B o x 12',
    'PO \u0412\u043E\u0445 12', // Cyrillic В, о, х
    'P\u200BO Box 12', // a zero-width space
  ])('%j: validation gives the P.O. box reason, and saving refuses it', async (line) => {
    const p = await h.patient();
    const box = { ...typed, address_line_1: line, address_line_2: null };
    const checked = await h.post('/api/address/validate', box, p);
    expect(checked.status).toBe(200);
    expect(checked.body).toMatchObject({ valid: false, suggestions: [], message: poBoxMessage });
    expect(checked.body.problems).toContainEqual({
      field: 'address_line_1',
      message: poBoxMessage,
    });
    const saved = await h.post('/api/ship-address', box, p);
    expect(saved.status).toBe(400);
    expect(saved.body.message).toBe(poBoxMessage);
    expect((await h.get('/api/ship-address', p)).body).toEqual({ status: 'success', data: null });
  });
});

describe('with a hosted address service that is down', () => {
  it('shows the manual form on entry, fails a typed validation, and saves with the embedded check', async () => {
    const down = await startVerification({
      addressValidator: {
        validate: () => Promise.reject(new AddressServiceUnavailableError('Smarty answered 503')),
      },
    });
    try {
      const p = await down.patient();
      expect((await down.post('/api/ship-address', typed, p)).status).toBe(200);
      const entry = await down.get(`/api/address/validate/${p.id}`, p);
      expect(entry.body.data).toMatchObject({ valid: false, suggestions: [] });
      const typedCheck = await down.post('/api/address/validate', typed, p);
      expect(typedCheck.status).toBe(503);
      expect(typedCheck.body.message).toBe(verificationMessages.validateFailed);
      const poBox = await down.post(
        '/api/ship-address',
        { ...typed, address_line_1: 'PO Box 9' },
        p,
      );
      expect(poBox.status).toBe(400);
    } finally {
      await down.close();
    }
  });
});
