import request from 'supertest';
import { ManualClock } from '@clinic/kit';
import { outboxEvents, startIntakeWithIdentity, validPerson } from '../testing/intake-service';

describe('GET /forms/add-disqualify', () => {
  let service: Awaited<ReturnType<typeof startIntakeWithIdentity>>;

  beforeAll(async () => {
    service = await startIntakeWithIdentity({ clock: new ManualClock('2026-11-22T15:00:00.000Z') });
  });
  afterAll(async () => service.close());

  async function qualifiedPatient(weight: number) {
    const res = await request(service.app)
      .post('/api/intake-form')
      .send(validPerson({ weight, desired_weight: weight - 20 }));
    expect(res.body.status).toBe('success');
    return res.body.user.id as number;
  }

  it('needs a login', async () => {
    const res = await request(service.app).get('/forms/add-disqualify');
    expect(res.status).toBe(401);
  });

  it("tags the caller's lead once, with the reason its BMI gives, and publishes it once", async () => {
    const userId = await qualifiedPatient(140); // BMI 22.6
    const as = service.as({ userId, role: 'patient', sessionId: 's' });
    const before = (await outboxEvents(service.engines, 'lead-disqualified')).length;
    for (let i = 0; i < 2; i += 1) {
      const res = await request(service.app)
        .get('/forms/add-disqualify?reason=bmi_below_20&currentGLPMed=No')
        .set(as);
      expect(res.status).toBe(200);
      expect(res.body.status).toBe('success');
    }
    const events = await outboxEvents(service.engines, 'lead-disqualified');
    expect(events).toHaveLength(before + 1);
    // A non-user with BMI 22.6 misses the minimum of 25, whatever the client called it.
    expect(events.at(-1)?.data).toMatchObject({ userId, reason: 'bmi_below_25' });
  });

  it('refuses a reason that is not one of the rules', async () => {
    const userId = await qualifiedPatient(200);
    const res = await request(service.app)
      .get('/forms/add-disqualify?reason=because')
      .set(service.as({ userId, role: 'patient', sessionId: 's' }));
    expect(res.status).toBe(400);
  });

  it('answers 404 to an account without an application', async () => {
    const res = await request(service.app)
      .get('/forms/add-disqualify')
      .set(service.as({ userId: 999_999, role: 'patient', sessionId: 's' }));
    expect(res.status).toBe(404);
  });
});
