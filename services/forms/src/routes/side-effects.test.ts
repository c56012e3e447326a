import { startForms, type FormsHarness } from '../testing';

const HOUR = 3_600_000;

describe('POST /api/care/side-effects', () => {
  let h: FormsHarness;
  beforeAll(async () => {
    h = await startForms();
  });
  afterAll(() => h.close());

  async function treated() {
    const patient = await h.patient();
    const orderId = await h.paidOrder(patient);
    await h.approve(patient, orderId);
    return { patient, orderId };
  }
  const reported = async () => (await h.outboxEvents('side-effect-reported')).length;

  it('severe stomach pain: stop, urgent care now, and the clinician within 4 hours', async () => {
    const { patient, orderId } = await treated();
    const before = await reported();
    const res = await h.post(
      '/api/care/side-effects',
      {
        order_id: String(orderId),
        symptom: 'stomach_pain',
        severity: 'severe',
        duration: 'under_1_day',
      },
      patient,
    );
    expect(res.status).toBe(200);
    expect(res.body.report).toMatchObject({
      order_id: orderId,
      level: 'urgent',
      stop_medication: true,
      red_flags: [],
      due_at: new Date(h.clock.now().getTime() + 4 * HOUR).toISOString(),
      answered_at: null,
    });
    expect(res.body.report.advice).toContain('Stop taking your medication.');
    expect(res.body.report.advice).toContain('pancreatitis');
    const events = await h.outboxEvents('side-effect-reported');
    expect(events).toHaveLength(before + 1);
    const event = events[events.length - 1]!;
    expect(event.data).toEqual({
      reportId: res.body.report.id,
      orderId,
      userId: patient.id,
      urgent: true,
      reportedAt: h.clock.now().toISOString(),
      dueAt: res.body.report.due_at,
    });
    // Never the symptom, its severity or the advice, in the data or the metadata.
    expect(JSON.stringify(event)).not.toMatch(/stomach|severe|pancreatitis/i);
  });

  it('moderate: the clinician within 24 hours; mild: self-care advice and no event', async () => {
    const { patient, orderId } = await treated();
    const before = await reported();
    const moderate = await h.post(
      '/api/care/side-effects',
      { order_id: orderId, symptom: 'nausea', severity: 'moderate', duration: '1_to_3_days' },
      patient,
    );
    expect(moderate.body.report).toMatchObject({ level: 'clinician', stop_medication: false });
    expect(moderate.body.report.due_at).toBe(
      new Date(h.clock.now().getTime() + 24 * HOUR).toISOString(),
    );
    const mild = await h.post(
      '/api/care/side-effects',
      { order_id: orderId, symptom: 'constipation', severity: 'mild', duration: 'under_1_day' },
      patient,
    );
    expect(mild.body.report).toMatchObject({ level: 'self-care', due_at: null });
    expect(mild.body.report.advice).toContain('next check-in');
    expect(await reported()).toBe(before + 1);
  });

  it('a red flag with any symptom is urgent (self-harm thoughts: 988)', async () => {
    const { patient, orderId } = await treated();
    const res = await h.post(
      '/api/care/side-effects',
      {
        order_id: orderId,
        symptom: 'low_mood',
        severity: 'mild',
        duration: 'over_3_days',
        red_flags: ['self_harm_thoughts', 'self_harm_thoughts'],
      },
      patient,
    );
    expect(res.body.report).toMatchObject({ level: 'urgent', red_flags: ['self_harm_thoughts'] });
    expect(res.body.report.advice).toContain('988');
  });

  it('refuses an unknown symptom, a severity off the scale and another patient’s order', async () => {
    const { patient, orderId } = await treated();
    const other = await treated();
    const before = await reported();
    const good = {
      order_id: orderId,
      symptom: 'nausea',
      severity: 'severe',
      duration: 'under_1_day',
    };
    const refused = [
      [{ ...good, symptom: 'headache' }, 400, 'Choose a symptom from the list'],
      [{ ...good, severity: 'extreme' }, 400, 'Choose mild, moderate or severe'],
      [{ ...good, duration: 'forever' }, 400, 'Choose how long it has lasted'],
      [{ ...good, red_flags: ['itchy'] }, 400, 'Choose only signs from the list'],
      [{ ...good, order_id: other.orderId }, 404, 'Order not found.'],
    ] as const;
    for (const [body, status, message] of refused) {
      const res = await h.post('/api/care/side-effects', body, patient);
      expect(res.status).toBe(status);
      expect(JSON.stringify(res.body)).toContain(message);
    }
    expect(await reported()).toBe(before);
    expect((await h.post('/api/care/side-effects', good, patient)).status).toBe(200);
  });
});
