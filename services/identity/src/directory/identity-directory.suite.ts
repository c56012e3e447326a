/**
 * The one behaviour every IdentityDirectory must have, run against the in-process directory and
 * the HTTP one (BRIEF D2). Each implementation is opened over a running identity service (in
 * memory, ManualClock), whose HTTP API the suite also uses to follow the emailed link and log in.
 */
import { identityMessages, type ProvisionPatientRequest } from '@clinic/contracts';
import { startIdentity, testPublicUrl, type IdentityHarness } from '../testing/identity-harness';
import type { IdentityDirectory } from '@clinic/identity-client';

export interface OpenedDirectory {
  directory: IdentityDirectory;
  close(): Promise<void>;
}

const MINUTE = 60 * 1000;
const DAY = 24 * 60 * MINUTE;

let serial = 0;
function lead(overrides: Partial<ProvisionPatientRequest> = {}): ProvisionPatientRequest {
  serial += 1;
  return {
    email: `lead-${serial}@example.com`,
    first_name: 'Jordan',
    last_name: 'Lee',
    phone: '5125550188',
    state: 'TX',
    gender: 'Female',
    height_inch: 65,
    weight: 212.5,
    dob: '07/04/1988',
    ...overrides,
  };
}

export function identityDirectoryContract(
  name: string,
  open: (identity: IdentityHarness) => Promise<OpenedDirectory>,
): void {
  describe(`IdentityDirectory contract: ${name}`, () => {
    let identity: IdentityHarness;
    let opened: OpenedDirectory;
    let directory: IdentityDirectory;

    beforeAll(async () => {
      identity = await startIdentity();
      opened = await open(identity);
      directory = opened.directory;
    });
    afterAll(async () => {
      await opened.close();
      await identity.close();
    });

    it('provisions a patient without a password and with a session', async () => {
      const request = lead({ email: 'Jordan.Lee@Example.com' });
      const answer = await directory.provisionPatient(request);
      if (!answer.created) throw new Error('expected a new account');
      expect(answer.user).toEqual({
        id: expect.any(Number),
        first_name: 'Jordan',
        last_name: 'Lee',
        email: 'jordan.lee@example.com',
        phone: '5125550188',
        address: '',
        city: '',
        state: 'TX',
        zip: '',
        height_inch: 65,
        weight: 212.5,
        health_id: null,
        is_admin: 0,
        role: 'patient',
      });
      expect(await directory.resolveSession(answer.token)).toEqual({
        userId: answer.user.id,
        role: 'patient',
        sessionId: expect.any(String),
        startedAt: expect.any(Number),
        cartId: null,
      });
      const login = await identity.post('/api/login', {
        email: 'jordan.lee@example.com',
        password: 'any-password',
      });
      expect(login.status).toBe(401);
      expect(login.body.message).toBe(identityMessages.loginFailed);
    });

    it('emails a set-your-password link that works once and then allows login', async () => {
      const request = lead();
      await directory.provisionPatient(request);
      const token = await identity.lastLinkToken(request.email);
      const [email] = await identity.inbox(request.email);
      expect(email?.subject).toBe('Set your password');
      expect(email?.body).toContain(`${testPublicUrl}/password-reset/${token}`);

      const set = await identity.post('/api/password-reset', {
        token,
        password: 'chosen-password',
      });
      expect(set.status).toBe(200);
      expect(
        (await identity.post('/api/password-reset', { token, password: 'other-password' })).body
          .message,
      ).toBe(identityMessages.resetExpired);
      await identity.logIn(request.email, 'chosen-password');
    });

    it('gives an email that already has an account (any case) neither an account nor a session', async () => {
      const request = lead();
      const first = await directory.provisionPatient(request);
      if (!first.created) throw new Error('expected a new account');
      await identity.queueIdle();
      const [users, sessions] = [await identity.count('users'), await identity.count('sessions')];

      const again = await directory.provisionPatient({
        ...lead(),
        email: request.email.toUpperCase(),
        first_name: 'Someone',
      });
      expect(again).toEqual({ created: false, userId: first.user.id });
      await identity.queueIdle();
      expect(await identity.count('users')).toBe(users);
      expect(await identity.count('sessions')).toBe(sessions);
      expect(await identity.inbox(request.email)).toHaveLength(1);
    });

    it('creates one account when the same lead is provisioned twice at once', async () => {
      const request = lead();
      const answers = await Promise.all([
        directory.provisionPatient(request),
        directory.provisionPatient(request),
      ]);
      expect(answers.filter((a) => a.created)).toHaveLength(1);
      const userIds = answers.map((a) => (a.created ? a.user.id : a.userId));
      expect(new Set(userIds).size).toBe(1);
    });

    it('refuses an undeliverable email or a malformed date of birth, storing nothing', async () => {
      const users = await identity.count('users');
      await expect(directory.provisionPatient(lead({ email: 'not-an-email' }))).rejects.toThrow(
        /email/i,
      );
      await expect(directory.provisionPatient(lead({ dob: '1988-07-04' }))).rejects.toThrow(/dob/);
      await expect(
        directory.provisionPatient({ ...lead(), first_name: 'x'.repeat(10_000) }),
      ).rejects.toThrow(/first_name/);
      expect(await identity.count('users')).toBe(users);
    });

    it('opens a cart-scoped session for and tells the contact of a patient, never of staff or an unknown id', async () => {
      const provisioned = await directory.provisionPatient(lead());
      if (!provisioned.created) throw new Error('expected a new account');
      const expiresAt = new Date(identity.clock.now().getTime() + 60 * 60 * 1000).toISOString();
      const cart = { cartId: 'cart-1', expiresAt };
      const { session } = await directory.openCartSession({ userId: provisioned.user.id, ...cart });
      // Only what the checkout page shows: no contact details, no body measurements.
      expect(session?.user).toEqual({
        id: provisioned.user.id,
        first_name: 'Jordan',
        role: 'patient',
        session_scope: 'cart',
      });
      expect(await directory.resolveSession(session?.token ?? '')).toMatchObject({
        userId: provisioned.user.id,
        role: 'patient',
        cartId: 'cart-1',
      });
      const staff = await identity.createUser({
        email: `clinician-${provisioned.user.id}@example.com`,
        role: 'clinician',
      });
      expect(await directory.openCartSession({ userId: staff, ...cart })).toEqual({
        session: null,
      });
      expect(await directory.openCartSession({ userId: 987654321, ...cart })).toEqual({
        session: null,
      });
      const past = new Date(identity.clock.now().getTime() - 1000).toISOString();
      expect(
        await directory.openCartSession({
          userId: provisioned.user.id,
          cartId: 'c',
          expiresAt: past,
        }),
      ).toEqual({ session: null });
      expect(await directory.patientContact(provisioned.user.id)).toEqual({
        email: provisioned.user.email,
        first_name: 'Jordan',
        last_name: 'Lee',
        phone: '5125550188',
        gender: 'Female',
        state: 'TX',
        health_id: null,
        height_inch: 65,
        weight: 212.5,
        text_updates: false,
      });
      expect(await directory.patientContact(staff)).toBeNull();
      expect(await directory.patientContact(987654321)).toBeNull();
    });

    it('changes a patient phone and email, refuses an email another account has, never staff', async () => {
      const first = await directory.provisionPatient(lead());
      const second = await directory.provisionPatient(lead());
      if (!first.created || !second.created) throw new Error('expected new accounts');
      const id = first.user.id;
      expect(
        await directory.changePatientContact({ userId: id, field: 'phone', value: '2125550147' }),
      ).toEqual({ changed: true });
      expect(
        await directory.changePatientContact({
          userId: id,
          field: 'email',
          value: ' New.Address@Example.com ',
        }),
      ).toEqual({ changed: true });
      expect(await directory.patientContact(id)).toEqual({
        email: 'new.address@example.com',
        first_name: 'Jordan',
        last_name: 'Lee',
        phone: '2125550147',
        gender: 'Female',
        state: 'TX',
        health_id: null,
        height_inch: 65,
        weight: 212.5,
        text_updates: false,
      });
      expect(await identity.outboxEvents('patient-contact-changed')).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ userId: id, field: 'phone', value: '2125550147' }),
          expect.objectContaining({ userId: id, field: 'email', value: 'new.address@example.com' }),
        ]),
      );
      // The second patient's email is not for the taking, in any case.
      expect(
        await directory.changePatientContact({
          userId: id,
          field: 'email',
          value: second.user.email.toUpperCase(),
        }),
      ).toEqual({ changed: false, reason: 'email-taken' });
      expect((await directory.patientContact(id))?.email).toBe('new.address@example.com');
      const staff = await identity.createUser({
        email: `support-${id}@example.com`,
        role: 'support',
      });
      expect(
        await directory.changePatientContact({
          userId: staff,
          field: 'phone',
          value: '2125550147',
        }),
      ).toEqual({ changed: false, reason: 'not-a-patient' });
      expect(
        await directory.changePatientContact({
          userId: 987654321,
          field: 'phone',
          value: '2125550147',
        }),
      ).toEqual({ changed: false, reason: 'not-a-patient' });
    });

    it('names a member of staff by id with their role, never a patient or an unknown id', async () => {
      const clinician = await identity.createUser({
        email: `staff-clinician-${serial}@example.com`,
        role: 'clinician',
        firstName: 'Dana',
      });
      const admin = await identity.createUser({
        email: `staff-admin-${serial}@example.com`,
        role: 'admin',
        firstName: 'Robin',
      });
      expect(await directory.staffMember(clinician)).toEqual({
        id: clinician,
        first_name: 'Dana',
        last_name: 'Person',
        role: 'clinician',
      });
      expect(await directory.staffMember(admin)).toMatchObject({ id: admin, role: 'admin' });
      const patient = await directory.provisionPatient(lead());
      if (!patient.created) throw new Error('expected a new account');
      expect(await directory.staffMember(patient.user.id)).toBeNull();
      expect(await directory.staffMember(987654321)).toBeNull();
      await expect(directory.staffMember(0)).rejects.toThrow(/userId/);
    });

    it("tells a clinician's or an admin's professional profile, never another account's", async () => {
      const clinician = await identity.createUser({
        email: `profiled-clinician-${serial}@example.com`,
        role: 'clinician',
        firstName: 'Dana',
      });
      await identity.setClinicianProfile(clinician, {
        npi: '1245319599',
        bio: 'Board-certified in obesity medicine.\nSees adults in Texas and New York.',
        imageUrl: '/images/doctors/dana.svg',
      });
      expect(await directory.clinicianProfile(clinician)).toEqual({
        id: clinician,
        name: 'Dr. Dana Person',
        npi: '1245319599',
        bio: 'Board-certified in obesity medicine.\nSees adults in Texas and New York.',
        image: '/images/doctors/dana.svg',
      });
      // Nothing set yet: the name, and '' for the rest.
      const bare = await identity.createUser({
        email: `bare-clinician-${serial}@example.com`,
        role: 'clinician',
        firstName: 'Lee',
      });
      expect(await directory.clinicianProfile(bare)).toEqual({
        id: bare,
        name: 'Dr. Lee Person',
        npi: '',
        bio: '',
        image: '',
      });
      // Admins claim and decide cases too.
      const admin = await identity.createUser({
        email: `profiled-admin-${serial}@example.com`,
        role: 'admin',
        firstName: 'Robin',
      });
      expect(await directory.clinicianProfile(admin)).toEqual({
        id: admin,
        name: 'Dr. Robin Person',
        npi: '',
        bio: '',
        image: '',
      });
      for (const role of ['support', 'pharmacy', 'marketing'] as const) {
        const staff = await identity.createUser({
          email: `no-profile-${role}-${serial}@example.com`,
          role,
        });
        expect(await directory.clinicianProfile(staff)).toBeNull();
      }
      const patient = await directory.provisionPatient(lead());
      if (!patient.created) throw new Error('expected a new account');
      expect(await directory.clinicianProfile(patient.user.id)).toBeNull();
      expect(await directory.clinicianProfile(987654321)).toBeNull();
      await expect(directory.clinicianProfile(0)).rejects.toThrow(/userId/);
    });

    it('tells the height and weight of a patient, null when the account has none', async () => {
      const provisioned = await directory.provisionPatient(lead({ height_inch: 70, weight: 250 }));
      if (!provisioned.created) throw new Error('expected a new account');
      expect(await directory.patientContact(provisioned.user.id)).toMatchObject({
        height_inch: 70,
        weight: 250,
      });
      const bare = await identity.createUser({ email: `no-measures-${serial}@example.com` });
      expect(await directory.patientContact(bare)).toMatchObject({
        height_inch: null,
        weight: null,
      });
    });

    it("tells the patient's text_updates choice from the Profile tab", async () => {
      const provisioned = await directory.provisionPatient(lead());
      if (!provisioned.created) throw new Error('expected a new account');
      const saved = await identity.post(
        '/api/update-profile',
        {
          first_name: 'Jordan',
          last_name: 'Lee',
          email: provisioned.user.email,
          phone: '5125550188',
          gender: 'Female',
          weight: 210,
          height_inch: 65,
          text_updates: true,
          preferred_categories: [],
        },
        { token: provisioned.token },
      );
      expect(saved.status).toBe(200);
      expect(await directory.patientContact(provisioned.user.id)).toMatchObject({
        weight: 210,
        text_updates: true,
      });
    });

    it('finds the account of an email in any case and of any role, null when none has it', async () => {
      const provisioned = await directory.provisionPatient(
        lead({ email: 'Casey.Finds@Example.com' }),
      );
      if (!provisioned.created) throw new Error('expected a new account');
      expect(await directory.userIdByEmail('casey.finds@example.com')).toBe(provisioned.user.id);
      expect(await directory.userIdByEmail(' CASEY.FINDS@EXAMPLE.COM ')).toBe(provisioned.user.id);
      const staff = await identity.createUser({
        email: `Pharmacy-${serial}@Example.com`,
        role: 'pharmacy',
      });
      expect(await directory.userIdByEmail(`pharmacy-${serial}@example.com`)).toBe(staff);
      expect(await directory.userIdByEmail('nobody-here@example.com')).toBeNull();
      expect(await directory.userIdByEmail('')).toBeNull();
      await expect(directory.userIdByEmail('x'.repeat(10_000))).rejects.toThrow(/email/);
    });

    it('resolves unknown, malformed and over-long tokens to no one', async () => {
      expect(await directory.resolveSession('A'.repeat(43))).toBeNull();
      expect(await directory.resolveSession('')).toBeNull();
      expect(await directory.resolveSession("' or 1=1 --")).toBeNull();
      expect(await directory.resolveSession('x'.repeat(10_000))).toBeNull();
    });

    it('resolves a logged-out session to no one', async () => {
      const answer = await directory.provisionPatient(lead());
      if (!answer.created) throw new Error('expected a new account');
      expect((await identity.get('/api/logout', { token: answer.token })).status).toBe(200);
      expect(await directory.resolveSession(answer.token)).toBeNull();
    });

    it("ends a staff session after 15 idle minutes: only the person's requests move it", async () => {
      serial += 1;
      const email = `support-${serial}@example.com`;
      await identity.createUser({ email, password: 'support-password', role: 'support' });
      const token = await identity.logIn(email, 'support-password');
      identity.clock.advance(10 * MINUTE);
      expect(await directory.resolveSession(token, 'person')).not.toBeNull();
      identity.clock.advance(14 * MINUTE);
      // A background refresh (and a caller that does not say) is answered but moves nothing.
      expect(await directory.resolveSession(token, 'background')).not.toBeNull();
      expect(await directory.resolveSession(token)).not.toBeNull();
      identity.clock.advance(MINUTE + 1000);
      expect(await directory.resolveSession(token, 'person')).toBeNull();
    });

    it('expires a welcome link after 72 hours and a patient session after 30 days', async () => {
      const request = lead();
      const answer = await directory.provisionPatient(request);
      if (!answer.created) throw new Error('expected a new account');
      const link = await identity.lastLinkToken(request.email);
      identity.clock.advance(3 * DAY + 1000);
      const late = await identity.post('/api/password-reset', {
        token: link,
        password: 'too-late-now',
      });
      expect(late.body.message).toBe(identityMessages.resetExpired);
      expect(await directory.resolveSession(answer.token)).not.toBeNull();
      identity.clock.advance(27 * DAY);
      expect(await directory.resolveSession(answer.token)).toBeNull();
    });
  });
}
