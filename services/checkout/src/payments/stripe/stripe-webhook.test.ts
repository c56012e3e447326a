/**
 * The Stripe webhook on the embedded database: only correctly signed deliveries are accepted,
 * each event id has its effects once however often Stripe delivers it, and a failed effect leaves
 * nothing recorded so Stripe's retry can do it. The route is served as cluster mode serves it
 * (the kit's app, whose JSON parser keeps the raw bytes) and on a bare router (its own parser).
 */
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import express, { Router, type Express } from 'express';
import Stripe from 'stripe';
import request from 'supertest';
import { ManualClock, createHttpApp, finishApp, type ServiceModule } from '@clinic/kit';
import { startServiceForTest, type ServiceUnderTest, silentLogger } from '@clinic/kit/testing';
import { stripeWebhookEvents } from '../../db/schema';
import { stripeWebhookMessages, stripeWebhookRoute } from './stripe-webhook';

const secret = 'whsec_test_secret';
const stripe = new Stripe('sk_test_123');

describe('POST /webhooks/stripe', () => {
  const clock = new ManualClock('2026-11-22T12:00:00Z');
  const handled: string[] = [];
  let failNext = false;
  let router: Router;
  let service: ServiceUnderTest;
  let clusterApp: Express;

  const webhookOnly: ServiceModule = {
    name: 'checkout',
    migrationsDir: join(__dirname, '..', '..', 'db', 'migrations'),
    build(runtime) {
      router = Router();
      stripeWebhookRoute(router, runtime, {
        webhookSecret: secret,
        stripe,
        onEvent: async (event) => {
          if (failNext) {
            failNext = false;
            throw new Error('order update failed');
          }
          handled.push(event.id);
        },
      });
      return { router };
    },
  };

  const serve = (app: Express) => {
    app.use(router);
    finishApp(app, silentLogger);
    return app;
  };

  beforeAll(async () => {
    service = await startServiceForTest(webhookOnly, undefined, { clock });
    clusterApp = serve(createHttpApp({ service: 'checkout', logger: silentLogger }));
  });
  afterAll(async () => service.close());

  let counter = 0;
  const eventPayload = (type = 'charge.refunded') =>
    // Stripe's own layout (two-space indent): the signature covers these exact bytes.
    JSON.stringify(
      {
        id: `evt_test_${++counter}`,
        object: 'event',
        api_version: '2026-10-28.endive',
        created: Math.floor(clock.now().getTime() / 1000),
        type,
        data: { object: { id: 'ch_test_1', object: 'charge', amount_refunded: 24997 } },
      },
      null,
      2,
    );
  const sign = (payload: string, withSecret = secret) =>
    stripe.webhooks.generateTestHeaderString({
      payload,
      secret: withSecret,
      timestamp: Math.floor(clock.now().getTime() / 1000),
    });
  const deliver = (payload: string, signature: string | null, app: Express = clusterApp) => {
    const req = request(app)
      .post('/webhooks/stripe')
      .set('Content-Type', 'application/json; charset=utf-8');
    if (signature !== null) req.set('Stripe-Signature', signature);
    return req.send(payload);
  };
  const stored = (id: string) =>
    service.runtime.db
      .select({
        id: stripeWebhookEvents.id,
        type: stripeWebhookEvents.type,
        received_at: stripeWebhookEvents.receivedAt,
      })
      .from(stripeWebhookEvents)
      .where(eq(stripeWebhookEvents.id, id));
  const idOf = (payload: string) => (JSON.parse(payload) as { id: string }).id;

  it('accepts a correctly signed event and records it', async () => {
    const payload = eventPayload('payment_intent.payment_failed');
    const res = await deliver(payload, sign(payload));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ received: true });
    const [row] = await stored(idOf(payload));
    expect(row).toMatchObject({ id: idOf(payload), type: 'payment_intent.payment_failed' });
    expect(row!.received_at.toISOString()).toBe('2026-11-22T12:00:00.000Z');
    expect(handled).toContain(idOf(payload));
  });

  it('acknowledges a repeated delivery without a second effect', async () => {
    const payload = eventPayload();
    expect((await deliver(payload, sign(payload))).status).toBe(200);
    clock.advance(60_000);
    const again = await deliver(payload, sign(payload));
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ received: true, duplicate: true });
    expect(await stored(idOf(payload))).toHaveLength(1);
    expect(handled.filter((id) => id === idOf(payload))).toHaveLength(1);
  });

  it('has one effect when the same event arrives twice at once', async () => {
    const payload = eventPayload();
    const [a, b] = await Promise.all([
      deliver(payload, sign(payload)),
      deliver(payload, sign(payload)),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(handled.filter((id) => id === idOf(payload))).toHaveLength(1);
  });

  it.each([
    ['signed with another secret', (p: string) => sign(p, 'whsec_someone_else')],
    ['a signature of other bytes', (p: string) => sign(p.replace('24997', '99999'))],
    ['a malformed header', () => 'not-a-signature'],
  ])('answers 400 to %s and records nothing', async (_what, signatureFor) => {
    const payload = eventPayload();
    const res = await deliver(payload, signatureFor(payload));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(stripeWebhookMessages.badSignature);
    expect(await stored(idOf(payload))).toHaveLength(0);
  });

  it('answers 400 when the signature is missing or older than five minutes', async () => {
    const payload = eventPayload();
    const missing = await deliver(payload, null);
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe(stripeWebhookMessages.missingSignature);

    const signature = sign(payload);
    clock.advance(6 * 60_000);
    const late = await deliver(payload, signature);
    expect(late.status).toBe(400);
    expect(late.body.message).toBe(stripeWebhookMessages.badSignature);
    expect(await stored(idOf(payload))).toHaveLength(0);
  });

  it('records nothing when the effect fails, so that Stripe retries it', async () => {
    const payload = eventPayload();
    failNext = true;
    expect((await deliver(payload, sign(payload))).status).toBe(500);
    expect(await stored(idOf(payload))).toHaveLength(0);
    const retry = await deliver(payload, sign(payload));
    expect(retry.body).toEqual({ received: true });
    expect(handled.filter((id) => id === idOf(payload))).toHaveLength(1);
  });

  it('reads the raw body itself when no JSON parser ran before it', async () => {
    const bare = serve(express());
    const payload = eventPayload();
    expect((await deliver(payload, sign(payload), bare)).status).toBe(200);
    expect(await stored(idOf(payload))).toHaveLength(1);
    const tampered = payload.replace('24997', '1');
    expect((await deliver(tampered, sign(payload), bare)).status).toBe(400);
  });

  it('refuses to guess when a JSON parser dropped the raw bytes', async () => {
    const app = express();
    app.use(express.json());
    const payload = eventPayload();
    const res = await deliver(payload, sign(payload), serve(app));
    expect(res.status).toBe(500);
    expect(await stored(idOf(payload))).toHaveLength(0);
  });
});
