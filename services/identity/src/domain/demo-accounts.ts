import { and, eq, isNull } from 'drizzle-orm';
import type { Role } from '@clinic/contracts';
import type { ServiceRuntime } from '@clinic/kit';
import { staffFactors, users } from '../db/schema';
import { hashPassword } from '../passwords/argon2id';
import { demoStaffSecrets } from './demo-second-factor';
import { findUserByEmail } from './users';

/**
 * The accounts a demo run starts with: one per staff role and a patient, so every screen of the
 * portal and the staff console can be tried at once. Their passwords are public (README, e2e
 * tests); they are only ever created when the process is told to (`seedDemoAccounts`). The staff
 * accounts come with their authenticator app enrolled, on the public secrets of
 * demo-second-factor.ts.
 */
export interface DemoAccount {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

export const demoAccounts = {
  patient: {
    email: 'patient@demo.glp-clinic.local',
    password: 'demo-patient-2026',
    firstName: 'Pat',
    lastName: 'Demo',
  },
  clinician: {
    email: 'clinician@demo.glp-clinic.local',
    password: 'demo-clinician-2026',
    firstName: 'Casey',
    lastName: 'Clinician',
  },
  support: {
    email: 'support@demo.glp-clinic.local',
    password: 'demo-support-2026',
    firstName: 'Sam',
    lastName: 'Support',
  },
  pharmacy: {
    email: 'pharmacy@demo.glp-clinic.local',
    password: 'demo-pharmacy-2026',
    firstName: 'Parker',
    lastName: 'Pharmacy',
  },
  marketing: {
    email: 'marketing@demo.glp-clinic.local',
    password: 'demo-marketing-2026',
    firstName: 'Morgan',
    lastName: 'Marketing',
  },
  admin: {
    email: 'admin@demo.glp-clinic.local',
    password: 'demo-admin-2026',
    firstName: 'Alex',
    lastName: 'Admin',
  },
} as const satisfies Record<Role, DemoAccount>;

/** The demo patient's profile, as if they had come through the quiz and verification. */
const demoPatientProfile = {
  phone: '5125550123',
  address: '100 Congress Ave',
  city: 'Austin',
  state: 'TX',
  zip: '78701',
  gender: 'Female',
  dob: '04/12/1985',
  heightInch: 66,
  weight: 210,
};

/**
 * The demo clinician's professional profile (Doctor on Demand's doctor profile). 1234567893 is
 * the NPI of CMS's check-digit example: valid in form, no real clinician's.
 */
export const demoClinicianProfile = {
  npi: '1234567893',
  bio:
    'Dr. Casey Clinician is a board-certified physician in obesity medicine who cares for adults ' +
    'living with obesity and weight-related conditions. ' +
    'Dr. Clinician works with each patient on a safe, sustainable plan that pairs GLP-1 ' +
    'medication with practical changes to eating, activity and sleep.',
  imageUrl: '/images/doctors/demo-clinician.svg',
};

/**
 * Creates the demo accounts that are missing; existing ones are left as they are, except that a
 * demo clinician seeded before clinicians had profiles (migration 0005) is given the demo profile.
 */
export async function seedDemoAccounts(runtime: ServiceRuntime): Promise<void> {
  for (const [role, account] of Object.entries(demoAccounts) as [Role, DemoAccount][]) {
    // Checked first so a restart does not pay for six password hashes.
    const existing = await findUserByEmail(runtime.db, account.email);
    if (existing) {
      if (role === 'clinician') await profileUnprofiledDemoClinician(runtime, account.email);
      await enrolDemoStaff(runtime, existing.id, account.email);
      continue;
    }
    const now = runtime.clock.now();
    await runtime.db
      .insert(users)
      .values({
        email: account.email,
        passwordHash: await hashPassword(account.password),
        role,
        firstName: account.firstName,
        lastName: account.lastName,
        ...(role === 'patient' ? demoPatientProfile : {}),
        ...(role === 'clinician' ? demoClinicianProfile : {}),
        createdAt: now,
        updatedAt: now,
      })
      // Another replica seeding at the same moment may have won.
      .onConflictDoNothing({ target: users.email });
    const created = await findUserByEmail(runtime.db, account.email);
    if (created) await enrolDemoStaff(runtime, created.id, account.email);
  }
}

/**
 * Gives a demo staff account its public authenticator secret, confirmed, unless it has a factor
 * (a demo database seeded before second factors gets one; an enrolment made since stays).
 */
async function enrolDemoStaff(runtime: ServiceRuntime, userId: number, email: string) {
  const secret = demoStaffSecrets[email];
  if (!secret) return;
  const now = runtime.clock.now();
  await runtime.db
    .insert(staffFactors)
    .values({ userId, secret, createdAt: now, confirmedAt: now })
    .onConflictDoNothing({ target: staffFactors.userId });
}

/** Gives the demo clinician the demo profile when none of it is set; a profile set since stays. */
async function profileUnprofiledDemoClinician(runtime: ServiceRuntime, email: string) {
  await runtime.db
    .update(users)
    .set({ ...demoClinicianProfile, updatedAt: runtime.clock.now() })
    .where(
      and(
        eq(users.email, email),
        eq(users.role, 'clinician'),
        isNull(users.npi),
        isNull(users.bio),
        isNull(users.imageUrl),
      ),
    );
}
