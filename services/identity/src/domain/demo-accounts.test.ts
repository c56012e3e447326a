import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { asc, count, eq } from 'drizzle-orm';
import { isValidNpi, roles } from '@clinic/contracts';
import { serviceBootTimeoutMs } from '@clinic/kit/testing';
import { users } from '../db/schema';
import { createLocalIdentityDirectory } from '../directory/local-identity-directory';
import { startIdentity, testPublicUrl } from '../testing/identity-harness';
import { demoAccounts, demoClinicianProfile, seedDemoAccounts } from './demo-accounts';
import { demoSignInCode, demoStaffSecrets } from './demo-second-factor';

/** The web app's public folder, where the demo clinician's image is served from. */
const webPublic = join(__dirname, '..', '..', '..', '..', 'web', 'public');

// Each test boots identity (the first twice) and hashes the demo passwords: a boot's time.
jest.setTimeout(serviceBootTimeoutMs);

describe('demo accounts', () => {
  it('exist once per role after two boots, and log in with their published passwords and secrets', async () => {
    const first = await startIdentity({ deps: { seedDemoAccounts: true } });
    const { engines } = first.service;
    await first.service.runtime.stop();
    const second = await startIdentity({
      deps: { seedDemoAccounts: true },
      engines,
      restart: true,
    });
    try {
      const found = await second.service.runtime.db
        .select({ role: users.role, n: count() })
        .from(users)
        .groupBy(users.role)
        .orderBy(asc(users.role));
      expect(found).toEqual([...roles].sort().map((role) => ({ role, n: 1 })));
      for (const role of roles) {
        const { email, password } = demoAccounts[role];
        let res = await second.post('/api/login', { email, password });
        expect(res.status).toBe(200);
        if (role !== 'patient') {
          // Staff come enrolled: a code from the published secret finishes the login.
          expect(res.body).toMatchObject({ status: 'second_factor', next: 'code' });
          const code = demoSignInCode(email, second.authenticator.now());
          const { challenge } = res.body as { challenge: string };
          res = await second.post('/api/login/second-factor', { challenge, code });
          expect(res.status).toBe(200);
        }
        expect(res.body.user).toMatchObject({ role, is_admin: role === 'admin' ? 1 : 0 });
      }
    } finally {
      await second.close();
      await engines.close();
    }
  });

  it('give the demo clinician a professional profile with a valid NPI and an image that exists', async () => {
    const identity = await startIdentity({ deps: { seedDemoAccounts: true } });
    try {
      const directory = createLocalIdentityDirectory(identity.service.runtime, {
        publicUrl: testPublicUrl,
        seedDemoAccounts: true,
      });
      const [clinician] = await identity.service.runtime.db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.email, demoAccounts.clinician.email));
      const profile = await directory.clinicianProfile(clinician!.id);
      expect(profile).toEqual({
        id: clinician!.id,
        name: 'Dr. Casey Clinician',
        npi: '1234567893',
        bio: demoClinicianProfile.bio,
        image: '/images/doctors/demo-clinician.svg',
      });
      expect(isValidNpi(profile!.npi)).toBe(true);
      expect(profile!.bio).toMatch(/board-certified/);
      expect(profile!.bio).toMatch(/obesity medicine/);
      expect(existsSync(join(webPublic, profile!.image))).toBe(true);
    } finally {
      await identity.close();
    }
  });

  it('profile a demo clinician seeded before profiles existed, and keep one set since', async () => {
    const identity = await startIdentity({ deps: { seedDemoAccounts: true } });
    const { runtime } = identity.service;
    const demoClinician = eq(users.email, demoAccounts.clinician.email);
    const profileNow = async () =>
      (
        await runtime.db
          .select({ npi: users.npi, bio: users.bio, imageUrl: users.imageUrl })
          .from(users)
          .where(demoClinician)
      )[0];
    try {
      // As migration 0005 leaves an account seeded before it.
      await runtime.db
        .update(users)
        .set({ npi: null, bio: null, imageUrl: null })
        .where(demoClinician);
      await seedDemoAccounts(runtime);
      expect(await profileNow()).toEqual(demoClinicianProfile);

      await runtime.db
        .update(users)
        .set({ npi: null, bio: 'Edited by hand.', imageUrl: null })
        .where(demoClinician);
      await seedDemoAccounts(runtime);
      expect(await profileNow()).toEqual({ npi: null, bio: 'Edited by hand.', imageUrl: null });
    } finally {
      await identity.close();
    }
  });

  it('are not created unless asked for', async () => {
    const identity = await startIdentity();
    try {
      expect(await identity.count('users')).toBe(0);
    } finally {
      await identity.close();
    }
  });

  it('publish a well-formed authenticator secret for every staff account and none for the patient', () => {
    for (const role of roles) {
      const secret = demoStaffSecrets[demoAccounts[role].email];
      if (role === 'patient') expect(secret).toBeUndefined();
      else expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    }
  });
});
