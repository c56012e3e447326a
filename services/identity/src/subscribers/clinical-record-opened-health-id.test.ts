import { inArray, sql } from 'drizzle-orm';
import { clinicalRecordOpened, type EventData } from '@clinic/contracts';
import { rows } from '@clinic/kit';
import { eventually } from '@clinic/kit/testing';
import { users } from '../db/schema';
import { createLocalIdentityDirectory } from '../directory/local-identity-directory';
import { startIdentity, testPublicUrl, type IdentityHarness } from '../testing/identity-harness';

describe('clinical-record-opened: the patient keeps the health id the clinic gave', () => {
  let identity: IdentityHarness;
  const directory = () =>
    createLocalIdentityDirectory(identity.service.runtime, {
      publicUrl: testPublicUrl,
      seedDemoAccounts: false,
    });

  beforeAll(async () => {
    identity = await startIdentity();
  });
  afterAll(() => identity.close());

  const handled = async () => {
    // Raw: the inbox is the kit's table, not declared in identity's schema.
    const [row] = await rows<{ n: number }>(
      identity.service.runtime.db,
      sql`select count(*)::int as n from identity.inbox where subscriber = 'keep-patient-health-id'`,
    );
    return row?.n ?? 0;
  };

  /** Publishes the event as the clinic would and waits until identity has handled it. */
  async function open(userId: number, healthId: string, orderId = 9001) {
    const before = await handled();
    const data: EventData<typeof clinicalRecordOpened> = {
      userId,
      orderId,
      healthId,
      encounterId: `enc-${orderId}`,
      openedAt: identity.clock.now().toISOString(),
    };
    await identity.service.runtime.transaction((_tx, events) =>
      events.publish(clinicalRecordOpened, data),
    );
    await eventually(async () => expect(await handled()).toBe(before + 1));
  }

  it('sets the health id of a patient who has none: the session user and the contact show it', async () => {
    const userId = await identity.createUser({
      email: 'record@example.com',
      password: 'record-password',
    });
    expect((await directory().patientContact(userId))?.health_id).toBeNull();
    await open(userId, 'H-1001');
    expect((await directory().patientContact(userId))?.health_id).toBe('H-1001');
    const login = await identity.post('/api/login', {
      email: 'record@example.com',
      password: 'record-password',
    });
    expect(login.status).toBe(200);
    expect(login.body.user.health_id).toBe('H-1001');
  });

  it('keeps the first id: the same event again changes nothing, another id never overwrites it', async () => {
    const userId = await identity.createUser({ email: 'first-id@example.com' });
    await open(userId, 'H-2001', 1);
    await open(userId, 'H-2001', 1);
    await open(userId, 'H-9999', 2);
    expect((await directory().patientContact(userId))?.health_id).toBe('H-2001');
  });

  it('leaves staff accounts and unknown ids alone', async () => {
    const staff = await identity.createUser({
      email: 'staff-record@example.com',
      role: 'clinician',
    });
    await open(staff, 'H-3001');
    await open(987654321, 'H-3002');
    const given = await identity.service.runtime.db
      .select({ id: users.id })
      .from(users)
      .where(inArray(users.healthId, ['H-3001', 'H-3002']));
    expect(given).toEqual([]);
  });
});
