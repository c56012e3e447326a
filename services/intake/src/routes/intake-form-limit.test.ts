/**
 * The quiz's per-address limit: a script is stopped, a person is not, and an operator whose
 * callers' quizzes all come from one office address can raise it (QUIZ_SUBMISSIONS_PER_ADDRESS_HOUR).
 */
import request from 'supertest';
import { ManualClock } from '@clinic/kit';
import { serviceBootTimeoutMs } from '@clinic/kit/testing';
import { intakeConfigFields, intakeDepsFromConfig } from '../config';
import { leadCount, startIntakeWithIdentity, validPerson } from '../testing/intake-service';
import { z } from 'zod';

const config = z.object(intakeConfigFields);
// The second test boots intake and identity with its own limit: a boot's time.
jest.setTimeout(serviceBootTimeoutMs);

it('reads the limit from the environment: 30 an hour unless the operator says otherwise', () => {
  expect(intakeDepsFromConfig(config.parse({}))).toEqual({ submissionsPerAddressHour: 30 });
  expect(intakeDepsFromConfig(config.parse({ QUIZ_SUBMISSIONS_PER_ADDRESS_HOUR: '500' }))).toEqual({
    submissionsPerAddressHour: 500,
  });
  expect(config.safeParse({ QUIZ_SUBMISSIONS_PER_ADDRESS_HOUR: '0' }).success).toBe(false);
  expect(config.safeParse({ QUIZ_SUBMISSIONS_PER_ADDRESS_HOUR: 'many' }).success).toBe(false);
});

it('refuses the address past its hourly limit with 429 and Retry-After, storing nothing, and takes it again an hour later', async () => {
  const clock = new ManualClock('2026-11-22T15:00:00.000Z');
  const service = await startIntakeWithIdentity({ clock, submissionsPerAddressHour: 2 });
  try {
    const submit = (n: number, from = '203.0.113.40') =>
      request(service.app)
        .post('/api/intake-form')
        .set('X-Forwarded-For', from)
        .send(validPerson({ email: `limit.${n}@example.com` }));
    expect((await submit(1)).status).toBe(200);
    expect((await submit(2)).status).toBe(200);
    const leadsBefore = await leadCount(service.engines);
    const refused = await submit(3);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await leadCount(service.engines)).toBe(leadsBefore);
    // Another address is not held back by this one.
    expect((await submit(4, '203.0.113.41')).status).toBe(200);
    clock.advance(60 * 60 * 1000);
    expect((await submit(5)).status).toBe(200);
  } finally {
    await service.close();
  }
});
