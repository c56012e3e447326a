/**
 * The clinician's console calls against a real forms and identity: the queue built from the
 * patient's events, claims under concurrency, each decision with its events, emails and audit
 * lines, the ladder and bad input refused without a change, and the roles.
 */
import { eq, sql } from 'drizzle-orm';
import {
  apiRoutes,
  clinicMessages,
  contactVerification,
  orderNumber,
  orderNumberHint,
} from '@clinic/contracts';
import { STAFF_ROLE_REFUSED } from '@clinic/kit';
import { eventually } from '@clinic/kit/testing';
import { cases, decisions, prescriptions } from '../db/schema';
import { startClinic, type ClinicHarness, type StaffMemberUnderTest } from '../testing';

describe('the clinician console', () => {
  let h: ClinicHarness;
  let casey: StaffMemberUnderTest;
  let robin: StaffMemberUnderTest;
  beforeAll(async () => {
    h = await startClinic();
    casey = await h.staff('clinician', 'Casey');
    robin = await h.staff('clinician', 'Robin');
  });
  afterAll(() => h.close());

  const db = () => h.service.runtime.db;
  const caseRow = async (orderId: number) =>
    (await db().select().from(cases).where(eq(cases.orderId, orderId)))[0]!;
  const claim = (orderId: number, who: StaffMemberUnderTest) =>
    h.post(`/api/console/cases/${orderId}/claim`, {}, who);
  const approval = {
    drug: 'tirzepatide',
    doseSchedule: [2.5, 5, 7.5],
    maintenanceDose: 7.5,
    directions: 'Inject 2.5 mg under the skin once a week, on the same day each week.',
    vials: 3,
  };

  it('queues submitted cases oldest first, with the 24-hour promise, state, drug and plan', async () => {
    const first = await h.submittedCase();
    h.forms.clock.advance(60_000);
    const second = await h.submittedCase({ state: 'NY' });
    const res = await h.get('/api/console/cases?filter=waiting', casey);
    expect(res.status).toBe(200);
    const ids = res.body.cases.map((c: { orderId: number }) => c.orderId);
    expect(ids.indexOf(first.orderId)).toBeLessThan(ids.indexOf(second.orderId));
    const mine = res.body.cases.find((c: { orderId: number }) => c.orderId === second.orderId);
    expect(mine).toMatchObject({
      state: 'NY',
      drug: 'tirzepatide',
      plan: 'Tirzepatide monthly',
      status: 'waiting',
      patientName: 'Avery Stone',
      claimedBy: null,
    });
    expect(Date.parse(mine.dueAt) - Date.parse(mine.submittedAt)).toBe(24 * 3600_000);
  });

  it('finds a case by its order number however it is typed, whatever its tab', async () => {
    const { orderId } = await h.submittedCase();
    const find = (typed: string) =>
      h.get(`/api/console/cases?filter=decided&number=${encodeURIComponent(typed)}`, casey);
    for (const typed of [orderNumber(orderId), String(orderId), `GLP-${orderId}`]) {
      const res = await find(typed);
      expect(res.status).toBe(200);
      expect(res.body.cases).toEqual([expect.objectContaining({ orderId, status: 'waiting' })]);
    }
    expect((await find('987654321')).body.cases).toEqual([]);
    const refused = await find('Avery Stone');
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain(orderNumberHint);
  });

  it('lets one of two clinicians claiming at once hold the case; the other is told who holds it', async () => {
    const { orderId } = await h.submittedCase();
    const answers = await Promise.all([claim(orderId, casey), claim(orderId, robin)]);
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 409]);
    const winner = answers.find((r) => r.status === 200)!.body.case.claimedBy.name as string;
    const loser = answers.find((r) => r.status === 409)!;
    expect(loser.body.message).toBe(clinicMessages.claimedBy(winner));
    const claims = await db().select().from(decisions).where(eq(decisions.orderId, orderId));
    expect(claims.filter((d) => d.kind === 'claim')).toHaveLength(1);
  });

  it("opens the patient's clinical record on the first claim: one health id per patient, one encounter per order", async () => {
    const { orderId, patient } = await h.submittedCase();
    expect((await claim(orderId, casey)).status).toBe(200);
    expect((await claim(orderId, casey)).status).toBe(200);
    await eventually(async () => {
      const opened = (await h.outboxEvents('clinical-record-opened')).filter(
        (e) => (e.data as { orderId: number }).orderId === orderId,
      );
      expect(opened).toHaveLength(1);
      expect(opened[0]!.data).toMatchObject({
        userId: patient.id,
        healthId: expect.stringMatching(/^H\d{9}$/),
        clinicianId: casey.id,
      });
    });
  });

  it('names the clinician who opened the encounter and the one who approved when a case changes hands', async () => {
    const { orderId } = await h.submittedCase();
    expect((await claim(orderId, casey)).status).toBe(200);
    expect((await h.post(`/api/console/cases/${orderId}/release`, {}, casey)).status).toBe(200);
    expect((await claim(orderId, robin)).status).toBe(200);
    const approved = await h.post(`/api/console/cases/${orderId}/approve`, approval, robin);
    expect(approved.status).toBe(200);
    await eventually(async () => {
      const opened = (await h.outboxEvents('clinical-record-opened'))
        .map((e) => e.data as { orderId: number; clinicianId?: number })
        .filter((d) => d.orderId === orderId);
      // Opened once, on the first claim: by Casey, whose encounter it stays.
      expect(opened.map((d) => d.clinicianId)).toEqual([casey.id]);
      const approvals = (await h.outboxEvents('prescription-approved'))
        .map((e) => e.data as { orderId: number; clinicianId?: number })
        .filter((d) => d.orderId === orderId);
      expect(approvals.map((d) => d.clinicianId)).toEqual([robin.id]);
    });
  });

  it('refuses a schedule off the ladder, a jump of two steps, no months and a 20,000-character note, changing nothing', async () => {
    const { orderId } = await h.submittedCase();
    await claim(orderId, casey);
    const tries = [
      { ...approval, doseSchedule: [2.5, 3] },
      { ...approval, doseSchedule: [2.5, 7.5] },
      { ...approval, doseSchedule: [] },
      { ...approval, note: 'x'.repeat(20_000) },
      { ...approval, drug: 'semaglutide', doseSchedule: [0.25] },
      { ...approval, vials: 0 },
    ];
    for (const body of tries) {
      const res = await h.post(`/api/console/cases/${orderId}/approve`, body, casey);
      expect(res.status).toBe(400);
      expect(res.body.status).toBe('error');
    }
    expect((await caseRow(orderId)).status).toBe('waiting');
    expect(
      await db().select().from(prescriptions).where(eq(prescriptions.orderId, orderId)),
    ).toHaveLength(0);
  });

  it('approves with a prescription: publishes it, emails the patient, records who and why, and refuses a second decision', async () => {
    const { orderId, patient } = await h.submittedCase();
    expect(
      (await h.post(`/api/console/cases/${orderId}/approve`, approval, casey)).body.message,
    ).toBe(clinicMessages.notClaimed);
    await claim(orderId, casey);
    const res = await h.post(
      `/api/console/cases/${orderId}/approve`,
      { ...approval, doseSchedule: ['2.5', '5', '7.5'], vials: '3', note: 'Starter ladder.' },
      casey,
    );
    expect(res.status).toBe(200);
    expect(res.body.case.status).toBe('approved');
    expect(res.body.prescription).toMatchObject({
      drug: 'tirzepatide',
      doseSchedule: [2.5, 5, 7.5],
      status: 'pending',
      approvedBy: { id: casey.id, name: 'Casey Person' },
    });
    await eventually(async () => {
      const approved = (await h.outboxEvents('prescription-approved')).map((e) => e.data);
      expect(approved).toContainEqual(
        expect.objectContaining({
          orderId,
          userId: patient.id,
          doseSchedule: [2.5, 5, 7.5],
          clinicianId: casey.id,
        }),
      );
    });
    // Forms now shows the patient the prescription to confirm.
    await eventually(async () => {
      const pending = await h.forms.get(`/api/prescription-pending/${orderId}`, patient);
      expect(pending.status).toBe(200);
      expect(pending.body.prescription[0].directions).toBe(
        `${approval.directions} Your dose, once a week: month 1: 2.5 mg, month 2: 5 mg, month 3: 7.5 mg. After that, 7.5 mg once a week.`,
      );
    });
    await eventually(async () => {
      const mail = await h.forms.engines.mailbox.list({ to: patient.email });
      expect(mail.map((m) => m.subject)).toContain('Your prescription is ready for you to review');
    });
    const again = await h.post(
      `/api/console/cases/${orderId}/deny`,
      { reason: 'Changed my mind' },
      casey,
    );
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(clinicMessages.alreadyDecided('approved'));
    const trail = await db().select().from(decisions).where(eq(decisions.orderId, orderId));
    expect(trail.map((d) => [d.kind, d.staffId, d.note])).toEqual([
      ['claim', casey.id, null],
      ['approve', casey.id, 'Starter ladder.'],
    ]);
  });

  it('texts "prescription ready" to a patient who agreed to texts, without the drug or the doses, and emails the terms', async () => {
    const { orderId, patient } = await h.submittedCase();
    const phone = `415556${String(orderId).padStart(4, '0').slice(-4)}`;
    await h.forms.identity.agreeToTexts(patient.id, phone);
    await claim(orderId, casey);
    const res = await h.post(`/api/console/cases/${orderId}/approve`, approval, casey);
    expect(res.status).toBe(200);
    await eventually(async () => {
      const texts = await h.forms.engines.mailbox.list({ to: phone });
      expect(texts.map((t) => t.body)).toEqual([
        `GLP Clinic: your prescription is ready. Please review and confirm it within 12 hours: https://clinic.test/prescription/${orderId} Reply STOP to opt out.`,
      ]);
    });
    // The email still comes: it holds the 12-hour terms the text only points to.
    await eventually(async () => {
      const mail = await h.forms.engines.mailbox.list({ to: patient.email });
      expect(mail.map((m) => m.subject)).toContain('Your prescription is ready for you to review');
    });
  });

  it('denies with a reason the patient reads; checkout gets assessment-denied without it', async () => {
    const { orderId, patient } = await h.submittedCase();
    await claim(orderId, robin);
    const reason = 'Your answers show a history of pancreatitis, which makes this medicine unsafe.';
    const res = await h.post(`/api/console/cases/${orderId}/deny`, { reason }, robin);
    expect(res.status).toBe(200);
    const outcome = await h.get(`/api/assessment-outcome/${orderId}`, patient);
    expect(outcome.body).toMatchObject({ outcome: 'denied', reason });
    const other = await h.forms.patient();
    expect((await h.get(`/api/assessment-outcome/${orderId}`, other)).status).toBe(404);
    await eventually(async () => {
      const denied = (await h.outboxEvents('assessment-denied')).map((e) => e.data);
      expect(denied).toContainEqual(expect.objectContaining({ orderId, reason: null }));
    });
  });

  it('asks for a visit (appointment_required) and records a missed one', async () => {
    const { orderId, patient } = await h.submittedCase();
    await claim(orderId, casey);
    const visit = await h.post(
      `/api/console/cases/${orderId}/request`,
      { kind: 'visit', message: 'I would like to talk about your blood pressure.' },
      casey,
    );
    expect(visit.status).toBe(200);
    expect(visit.body.case.status).toBe('appointment-required');
    expect((await h.get(`/api/assessment-outcome/${orderId}`, patient)).body.outcome).toBe(
      'appointment_required',
    );
    await h.post(
      `/api/console/cases/${orderId}/request`,
      { kind: 'visit-missed', message: 'We missed you.' },
      casey,
    );
    expect((await h.get(`/api/assessment-outcome/${orderId}`, patient)).body.outcome).toBe(
      'meeting_missed',
    );
    const required = (await h.outboxEvents('appointment-required')).map((e) => e.data);
    expect(required).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ orderId, kind: 'visit' }),
        expect.objectContaining({ orderId, kind: 'visit-missed' }),
      ]),
    );
  });

  it("asks a question: the note stays in the clinic's record and goes, with the decision, to the patient's Doctor on Demand; the email says where to answer it", async () => {
    const { orderId, patient } = await h.submittedCase();
    const question = 'Before I decide: do you take any blood thinners?';
    const notesOf = async () =>
      (await h.outboxEvents('clinician-note-written')).filter(
        (e) => (e.data as { orderId: number }).orderId === orderId,
      );
    // Refused (nobody holds the case): no note kept, none published.
    const early = await h.post(
      `/api/console/cases/${orderId}/request`,
      { kind: 'message', message: question },
      casey,
    );
    expect(early.status).toBe(409);
    expect(await notesOf()).toEqual([]);

    await claim(orderId, casey);
    const asked = await h.post(
      `/api/console/cases/${orderId}/request`,
      { kind: 'message', message: question },
      casey,
    );
    expect(asked.status).toBe(200);
    const [opened] = (await h.outboxEvents('clinical-record-opened')).filter(
      (e) => (e.data as { orderId: number }).orderId === orderId,
    );
    const notes = await notesOf();
    expect(notes.map((e) => e.data)).toEqual([
      {
        noteId: expect.any(Number),
        orderId,
        userId: patient.id,
        encounterId: (opened!.data as { encounterId: string }).encounterId,
        encounterOpenedAt: expect.any(String),
        clinicianId: casey.id,
        authorName: expect.stringContaining('Casey'),
        patientName: 'Avery Stone',
        message: question,
        writtenAt: expect.any(String),
      },
    ]);
    // The text is the event's data for the chat, never its metadata.
    expect(JSON.stringify((notes[0] as { metadata?: unknown }).metadata)).not.toContain(
      'blood thinners',
    );
    // The clinic keeps its own record: the case's messages and the decision.
    const view = await h.get(`/api/console/cases/${orderId}`, casey);
    expect(view.body.view.messages.map((m: { body: string }) => m.body)).toEqual([question]);
    const trail = await db().select().from(decisions).where(eq(decisions.orderId, orderId));
    expect(trail.map((d) => [d.kind, d.note])).toContainEqual(['request-message', question]);
    await eventually(async () => {
      const mail = await h.forms.engines.mailbox.list({ to: patient.email });
      const email = mail.find((m) => m.subject === 'Your clinician has a question');
      expect(email?.body).toContain(question);
      expect(email?.body).toContain(
        'Read and answer it in your portal (Doctor on Demand): https://clinic.test/home?tab=doctor-on-demand',
      );
      expect(email?.body).not.toContain('reply to this email');
    });
  });

  it('audits every read of a case and its files, and the trail cannot be rewritten', async () => {
    const { orderId, patient } = await h.submittedCase();
    const view = await h.get(`/api/console/cases/${orderId}`, casey);
    expect(view.status).toBe(200);
    expect(view.body.view.patient).toMatchObject({ firstName: 'Avery', state: 'CA' });
    expect(view.body.view.assessment.answers.length).toBeGreaterThan(10);
    const file = view.body.view.assessment.files[0];
    expect(file).toBeDefined();
    const read = await h.get(
      `/api/console/cases/${orderId}/files/${encodeURIComponent(file.fileName)}/read-url`,
      casey,
    );
    expect(read.status).toBe(200);
    const notHers = await h.get(
      `/api/console/cases/${orderId}/files/someone-else.png/read-url`,
      casey,
    );
    expect(notHers.status).toBe(404);
    const { entries } = await h.service.runtime.audit.page(db(), { orderId, limit: 10 });
    const lines = entries.reverse();
    expect(lines.map((l) => [l.action, l.staff.id, l.patientId, l.subject])).toEqual([
      ['case.read', casey.id, patient.id, null],
      ['file.read', casey.id, patient.id, file.fileName],
    ]);
    // Drizzle wraps the database's refusal; its words are in the cause. The clinic's role may
    // only add lines: changing or removing one is refused before the append-only trigger.
    const refusal = (statement: Promise<unknown>) =>
      statement.then(
        () => 'changed',
        (err: Error) => String((err.cause as Error | undefined)?.message ?? err.message),
      );
    expect(
      await refusal(
        db().execute(sql`update clinic.audit_trail set staff_id = 1 where order_id = ${orderId}`),
      ),
    ).toMatch(/permission denied/);
    expect(
      await refusal(db().execute(sql`delete from clinic.audit_trail where order_id = ${orderId}`)),
    ).toMatch(/permission denied/);
  });

  it('says how the contacts were checked at /verify, the newest outcome of each', async () => {
    const { orderId, patient } = await h.submittedCase();
    const check = (channel: 'phone' | 'email', outcome: 'verified' | 'skipped', at: string) =>
      h.forms.service.runtime.transaction((_tx, events) =>
        events.publish(contactVerification, { userId: patient.id, channel, outcome, at }),
      );
    await check('phone', 'verified', '2026-11-24T15:02:00.000Z');
    await check('email', 'verified', '2026-11-24T15:03:00.000Z');
    // An older outcome delivered late does not replace the newer one.
    await check('email', 'skipped', '2026-11-24T15:01:00.000Z');
    await eventually(async () => {
      const view = await h.get(`/api/console/cases/${orderId}`, casey);
      expect(view.body.view.patient).toMatchObject({
        phoneCheck: 'verified',
        emailCheck: 'verified',
      });
    });
  });

  it('marks the answers a clinician must weigh: gallbladder disease and insulin', async () => {
    const { orderId } = await h.submittedCase({
      given: { '16': 'Yes', '5_1': 'Yes', '5_2': ['Insulin'] },
    });
    const view = await h.get(`/api/console/cases/${orderId}`, casey);
    const answers = view.body.view.assessment.answers as {
      questionId: string;
      critical: boolean;
    }[];
    const flagged = answers.filter((a) => a.critical).map((a) => a.questionId);
    expect(flagged).toEqual(expect.arrayContaining(['16', '5_2']));
    expect(view.body.view.assessment.criticalCount).toBe(flagged.length);
    expect(answers.find((a) => a.questionId === '17')?.critical).toBe(false);
  });

  it("audits the review queue's list: one line per case listed, and for the case found by number", async () => {
    const { orderId, patient } = await h.submittedCase();
    const listed = await h.get('/api/console/cases?filter=waiting', casey);
    expect(listed.status).toBe(200);
    const shown = (listed.body.cases as { orderId: number }[]).map((c) => c.orderId);
    expect(shown).toContain(orderId);
    await h.get(`/api/console/cases?number=${orderId}`, casey);
    const { entries } = await h.service.runtime.audit.page(db(), {
      action: 'case.list',
      staffId: casey.id,
      limit: 500,
    });
    const mine = entries.filter((l) => l.orderId === orderId).reverse();
    expect(mine.map((l) => [l.action, l.patientId, l.subject, l.staff.name])).toEqual([
      ['case.list', patient.id, 'queue: waiting', 'Casey Person'],
      ['case.list', patient.id, 'search by number', 'Casey Person'],
    ]);
    // Every case the list named has its line.
    const fromList = entries.filter((l) => l.subject === 'queue: waiting').map((l) => l.orderId);
    expect(fromList).toEqual(expect.arrayContaining(shown));

    // The console refreshes the list every 30 s: one line per patient per 15 minutes.
    const linesOfCase = async () =>
      (
        await h.service.runtime.audit.page(db(), {
          action: 'case.list',
          staffId: casey.id,
          orderId,
          limit: 500,
        })
      ).entries.length;
    h.forms.clock.advance(30_000);
    await h.get('/api/console/cases?filter=waiting', casey);
    expect(await linesOfCase()).toBe(2);
    h.forms.clock.advance(15 * 60_000);
    await h.get('/api/console/cases?filter=waiting', casey);
    expect(await linesOfCase()).toBe(3);
  });

  it('refuses a patient on every console call and other staff roles on the clinician calls', async () => {
    const { orderId, patient } = await h.submittedCase();
    const support = await h.staff('support', 'Sam');
    const consoleRoutes = apiRoutes.filter(
      (r) => r.path.startsWith('/api/console/') && r.service === 'clinic',
    );
    // The audit trail is the gateway's now (every service's, merged): eight calls are the clinic's.
    expect(consoleRoutes.length).toBeGreaterThanOrEqual(8);
    for (const route of consoleRoutes) {
      const path = route.path.replace(':orderId', String(orderId)).replace(':fileName', 'x.png');
      for (const who of [patient, support]) {
        const res = route.method === 'get' ? await h.get(path, who) : await h.post(path, {}, who);
        expect([route.path, res.status]).toEqual([route.path, 403]);
      }
    }
    const res = await h.get('/api/console/cases', support);
    expect(res.body.message).toBe(STAFF_ROLE_REFUSED);
    expect((await caseRow(orderId)).claimedBy).toBeNull();
  });
});
