/**
 * The profile columns refuse what a patient must never be shown as their clinician's profile:
 * an NPI whose check digit is wrong (the database agrees with the contracts' isValidNpi), a bio
 * over 1000 characters or an image URL over 500.
 */
import { eq } from 'drizzle-orm';
import { isValidNpi } from '@clinic/contracts';
import { users } from '../db/schema';
import { startIdentity, type IdentityHarness } from '../testing/identity-harness';

describe('clinician profile columns', () => {
  let identity: IdentityHarness;
  let clinician: number;
  beforeAll(async () => {
    identity = await startIdentity();
    clinician = await identity.createUser({ email: 'columns@example.com', role: 'clinician' });
  });
  afterAll(() => identity.close());

  /** Whether the database stores the values on the clinician's row. */
  const stores = async (values: { npi?: string | null; bio?: string; imageUrl?: string }) => {
    try {
      await identity.setClinicianProfile(clinician, values);
      return true;
    } catch {
      return false;
    }
  };

  it('stores an NPI exactly when isValidNpi accepts it', async () => {
    const candidates = ['', '123456789', '12345678930', '123456789X', ' 123456789', '1234 67893'];
    for (const first9 of ['123456789', '124531959', '100300012', '200000000', '987654321']) {
      for (let check = 0; check <= 9; check += 1) candidates.push(`${first9}${check}`);
    }
    for (const npi of candidates) {
      expect([npi, await stores({ npi })]).toEqual([npi, isValidNpi(npi)]);
    }
    expect(candidates.filter(isValidNpi)).toHaveLength(5);
    expect(await stores({ npi: null })).toBe(true);
  });

  it('refuses a bio over 1000 characters and an image URL over 500', async () => {
    expect(await stores({ bio: 'b'.repeat(1000), imageUrl: `/${'i'.repeat(499)}` })).toBe(true);
    expect(await stores({ bio: 'b'.repeat(1001) })).toBe(false);
    expect(await stores({ imageUrl: `/${'i'.repeat(500)}` })).toBe(false);
    const [row] = await identity.service.runtime.db
      .select({ bio: users.bio, imageUrl: users.imageUrl })
      .from(users)
      .where(eq(users.id, clinician));
    expect(row?.bio).toHaveLength(1000);
    expect(row?.imageUrl).toHaveLength(500);
  });
});
