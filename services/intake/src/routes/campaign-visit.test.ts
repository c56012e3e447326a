/**
 * A campaign landing reported by the browser becomes one campaign-visited event under its tab's
 * tracking session id, with the campaign and nothing else; a bad campaign is refused and publishes
 * nothing; one address past a visitor's pace is refused (429).
 */
import request from 'supertest';
import { outboxEvents, startIntakeWithIdentity } from '../testing/intake-service';

let service: Awaited<ReturnType<typeof startIntakeWithIdentity>>;
beforeAll(async () => {
  service = await startIntakeWithIdentity({ visitsPerAddressHour: 3 });
});
afterAll(async () => service.close());

const visitId = '3f6c1e2a-9b7d-4c1e-8f2a-5d6e7f8a9b0c';
const visit = (tracking: unknown, from = '203.0.113.7', id: unknown = visitId) =>
  request(service.app)
    .post('/api/campaign-visit')
    .set('X-Forwarded-For', from)
    .send({ visitId: id, tracking });

const spring = {
  utm_source: 'google',
  utm_campaign: 'spring',
  gclid: 'Cj0-click',
  sema_offer: 'B',
  landing_page: 'https://clinic.example/?utm_source=google',
};

it('publishes each reported visit under its tab’s id, with its campaign', async () => {
  const first = await visit(spring);
  expect(first.status).toBe(200);
  expect(first.body).toEqual({ status: 'success' });
  const events = await outboxEvents(service.engines, 'campaign-visited');
  expect(events).toHaveLength(1);
  expect(events[0]?.data).toEqual({ visitId, tracking: spring });
});

it('refuses a campaign it cannot read with a 400, publishing nothing', async () => {
  const before = (await outboxEvents(service.engines, 'campaign-visited')).length;
  const res = await visit({ ...spring, sema_offer: 'Z' }, '203.0.113.8');
  expect(res.status).toBe(400);
  expect(res.body.message).toContain('sema_offer');
  const noId = await visit(spring, '203.0.113.8', 'ann@example.com');
  expect(noId.status).toBe(400);
  expect(noId.body.message).toContain('Not a visit id.');
  expect(await outboxEvents(service.engines, 'campaign-visited')).toHaveLength(before);
});

it('holds one address to a visitor’s pace', async () => {
  for (let i = 0; i < 3; i += 1) expect((await visit(spring, '198.51.100.9')).status).toBe(200);
  const refused = await visit(spring, '198.51.100.9');
  expect(refused.status).toBe(429);
  expect(refused.headers['retry-after']).toBeDefined();
  expect((await visit(spring, '198.51.100.10')).status).toBe(200);
});
