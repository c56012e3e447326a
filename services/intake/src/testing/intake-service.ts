/**
 * Intake on in-memory engines with the real identity service beside it (in-process, as in
 * single-node mode), and a valid quiz submission to vary in tests.
 */
import { sql } from 'drizzle-orm';
import type { IntakePersonInput, StaffMember } from '@clinic/contracts';
import { rows, type Clock, type OpenedEngines } from '@clinic/kit';
import { startServiceForTest, type ServiceUnderTest } from '@clinic/kit/testing';
import { createLocalIdentityDirectory, identityService } from '@clinic/identity';
import type { IdentityDirectory } from '@clinic/identity-client';
import { intakeService } from '../app';
import type { OpenWork } from '../domain/open-work';
import { leads } from '../db/schema';

export async function startIntakeWithIdentity(
  opts: {
    clock?: Clock;
    submissionsPerAddressHour?: number;
    visitsPerAddressHour?: number;
    /** What the state rules' preview counts; by default nothing is open anywhere. */
    openWork?: OpenWork;
  } = {},
): Promise<
  ServiceUnderTest & {
    engines: OpenedEngines;
    identity: IdentityDirectory;
    /** Makes `member` a member of staff as identity would name them. */
    addStaff(member: StaffMember): void;
  }
> {
  const base = await startServiceForTest(
    identityService,
    { publicUrl: 'http://clinic.test', seedDemoAccounts: false },
    { clock: opts.clock },
  );
  const directory = createLocalIdentityDirectory(base.runtime, {
    publicUrl: 'http://clinic.test',
    seedDemoAccounts: false,
  });
  // Staff accounts are identity's to make; a test names the few it needs.
  const staff = new Map<number, StaffMember>();
  const identity: IdentityDirectory = {
    ...directory,
    staffMember: async (userId) => staff.get(userId) ?? directory.staffMember(userId),
  };
  const intake = await startServiceForTest(
    intakeService,
    {
      identity,
      openWork: opts.openWork ?? { openCarts: async () => 0, openOrders: async () => 0 },
      submissionsPerAddressHour: opts.submissionsPerAddressHour,
      visitsPerAddressHour: opts.visitsPerAddressHour,
    },
    { engines: base.engines },
  );
  return {
    ...intake,
    identity,
    addStaff: (member) => staff.set(member.id, member),
    close: async () => {
      await intake.close();
      await base.close();
    },
  };
}

/** A submission the quiz would send; `overrides` may also break it (bad values on purpose). */
export function validPerson<T extends object = Partial<IntakePersonInput>>(
  overrides: T = {} as T,
): Omit<IntakePersonInput, keyof T> & T {
  const person: IntakePersonInput = {
    first_name: 'Dana',
    last_name: "O'Neil",
    email: `dana.${Math.random().toString(36).slice(2, 10)}@example.com`,
    phone: '5551234567',
    phone_parts: { areaCode: '555', prefix: '123', line: '4567' },
    height: { foot: 5, inches: 6 },
    heightInInches: 66,
    weight: 210,
    bmi: 33.9,
    gender: 'Female',
    agreed_to_text: 'Yes',
    agreed_to_email: true,
    agreed_to_terms: true,
    form_step2_agree: true,
    dobMMDDYYYY: '03/14/1985',
    dob: { mm: 3, dd: 14, yyyy: 1985 },
    age: 41,
    desired_weight: 170,
    state: 'TX',
    source_web: 2,
    tracking_session_id: 'ts-1',
    user_agent: 'jest',
    is_completed: true,
  };
  return { ...person, ...overrides };
}

export async function leadCount(engines: OpenedEngines): Promise<number> {
  return engines.database.db.$count(leads);
}

export async function outboxEvents(
  engines: OpenedEngines,
  name: string,
): Promise<{ data: Record<string, unknown> }[]> {
  // Raw: the outbox is the kit's table, not declared in intake's schema.
  return rows(
    engines.database.db,
    sql`select envelope->'data' as data from intake.outbox where name = ${name} order by seq`,
  );
}
