import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { apiRoutes, openApiPath } from '@clinic/contracts';
import { loadConfig } from '@clinic/kit';
import { eventually, silentLogger, stageBacklog } from '@clinic/kit/testing';
import { gatewayConfigSchema } from './config';
import { runOrderItemsJourney } from './order-items/testing/order-items-journey';
import { startSingleNode, type RunningProduct } from './single-node';
import { runBillingJourney } from './testing/billing-journey';
import { runCheckoutJourney } from './testing/checkout-journey';
import { runClinicJourney } from './testing/clinic-journey';
import { watchLiveConversions } from './testing/live-conversions';
import { roleMatrixBreaches, runRoleMatrix } from './testing/role-matrix';
import { runAuditJourney } from './testing/audit-journey';
import { runChatJourney } from './testing/chat-journey';
import { runFulfillmentJourney } from './testing/fulfillment-journey';
import { runMedicalFormJourney } from './testing/medical-form-journey';
import { runStaffAccountsJourney } from './testing/staff-accounts-journey';
import { runVerificationJourney } from './testing/verification-journey';
import {
  runDisqualifiedJourney,
  runEligibilityJourney,
  runPatientJourney,
} from './testing/patient-journey';
import { productBootMs } from './testing/product-boot';
import { runStateRulesJourney } from './testing/state-rules-journey';

function fakeWebBuild(): string {
  const dir = mkdtempSync(join(tmpdir(), 'web-dist-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><div id="root">app shell</div>');
  writeFileSync(join(dir, 'assets', 'index-abc123.js'), 'console.log(1)');
  return dir;
}

const METRICS_TOKEN = 'single-node-scrape-token';

/** A gauge's value in a Prometheus text scrape (0 when the series is absent). */
function sample(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

describe('single-node product behind the gateway', () => {
  let product: RunningProduct;

  beforeAll(async () => {
    const config = loadConfig(gatewayConfigSchema, {
      PORT: '0',
      DATA_DIR: ':memory:',
      NODE_ENV: 'test',
      WEB_DIST_DIR: fakeWebBuild(),
      METRICS_TOKEN,
    });
    product = await startSingleNode(config, { logger: silentLogger });
  }, productBootMs);
  afterAll(async () => product.close());

  it('carries a patient from the quiz through the cart, password set-up, login, recovery and logout', async () => {
    await runPatientJourney(product.url);
  });

  it('pays for a cart once per Idempotency-Key, adds the upsell once and answers a decline, then bills', async () => {
    const { session } = await runCheckoutJourney(product.url);
    await runBillingJourney(product.url, session);
  });

  it('verifies the address, the phone and the email of a patient, codes read from the mailbox', async () => {
    await runVerificationJourney(product.url);
  });

  it('takes a Texas patient through the medical form, its photos and the identity video, to the clinician who approves and the patient who accepts, then to the portal order view, the pharmacy and the conversations (live chat, Doctor on Demand); the admin finds every staff read of them in the one audit trail', async () => {
    const live = await watchLiveConversions(product.url);
    const patient = await runMedicalFormJourney(product.url);
    await runClinicJourney(product.url, patient);
    await runOrderItemsJourney(product.url, patient);
    await runFulfillmentJourney(product.url, patient);
    await runChatJourney(product.url, patient);
    await runAuditJourney(product.url, patient);
    // Marketing's live feed, open all along, was told of each conversion (and nothing else).
    await eventually(async () =>
      expect(new Set(live.received.map((c) => c.step))).toEqual(
        new Set([
          'lead-qualified',
          'cart-saved',
          'paid',
          'assessment-submitted',
          'approved',
          'shipped',
        ]),
      ),
    );
    live.close();
  });

  it("applies the BMI minimum of new users at checkout from intake's events", async () => {
    await runEligibilityJourney(product.url);
  });

  it('disqualifies a visitor from a state where the program has not launched', async () => {
    await runDisqualifiedJourney(product.url);
  });

  it('lets an admin block a state: in the same run, the quiz turns its visitors away and checkout refuses it', async () => {
    await runStateRulesJourney(product.url);
  });

  it('routes the catalog call to the checkout service in-process', async () => {
    const res = await request(product.url).get('/api/get-all-products');
    expect(res.status).toBe(200);
    expect(res.body.products).toHaveLength(7);
  });

  it('listens on loopback only unless HOST says otherwise: another machine cannot connect', async () => {
    expect(product.listening.address).toBe('127.0.0.1');
    const lan = Object.values(networkInterfaces())
      .flat()
      .find((i) => i && i.family === 'IPv4' && !i.internal)?.address;
    if (lan)
      await expect(fetch(`http://${lan}:${product.listening.port}/healthz`)).rejects.toThrow();
  });

  it('is alive and ready with every service database, bus and queue reachable', async () => {
    expect((await request(product.url).get('/healthz')).body).toEqual({ status: 'ok' });
    const ready = await request(product.url).get('/readyz');
    expect(ready.status).toBe(200);
    expect(Object.keys(ready.body.checks).sort()).toEqual([
      'chat',
      'checkout',
      'clinic',
      'forms',
      'fulfillment',
      'gateway',
      'identity',
      'intake',
      'marketing',
      'verification',
    ]);
    for (const checks of Object.values(ready.body.checks))
      expect(checks).toEqual({ database: 'ok', bus: 'ok', queue: 'ok' });
  });

  it('serves the web app: hashed assets cached for a year, pages answered by index.html uncached', async () => {
    const asset = await request(product.url).get('/assets/index-abc123.js');
    expect(asset.status).toBe(200);
    expect(asset.headers['cache-control']).toContain('max-age=31536000');
    expect(asset.headers['cache-control']).toContain('immutable');
    const pages = ['/', '/index.html', '/weight-loss-plan', '/invoice/ch_1', '/some/unknown/page'];
    for (const page of pages) {
      const res = await request(product.url).get(page).set('accept', 'text/html');
      expect(res.status).toBe(200);
      expect(res.text).toContain('app shell');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    expect((await request(product.url).get('/assets/missing.js')).status).toBe(404);
  });

  it('answers the per-state rules in force to anyone, with no login', async () => {
    const res = await request(product.url).get('/api/state-rules');
    expect(res.status).toBe(200);
    expect(res.body.rules.blockedStates).toEqual(['LA', 'MS', 'AL']);
  });

  it('answers unknown API paths with a JSON 404 instead of the app', async () => {
    const res = await request(product.url)
      .get('/api/no-such-call')
      .set('accept', 'text/html,application/json');
    expect(res.status).toBe(404);
    expect(res.body.status).toBe('error');
  });

  it('publishes the OpenAPI 3.1 document of every API call', async () => {
    const res = await request(product.url).get('/api/openapi.json');
    expect(res.body.openapi).toBe('3.1.0');
    for (const route of apiRoutes)
      expect(res.body.paths[openApiPath(route.path)][route.method]).toBeDefined();
    const products =
      res.body.paths['/api/get-all-products'].get.responses['200'].content['application/json']
        .schema;
    expect(products.properties.products.items.required).toEqual(
      expect.arrayContaining([
        'id',
        'name',
        'sku',
        'stripe_id',
        'category',
        'is_prescription',
        'pricing',
      ]),
    );
  });

  it('exposes Prometheus metrics to the METRICS_TOKEN only, with each backlog family', async () => {
    const refused = await request(product.url).get('/metrics');
    expect(refused.status).toBe(404);
    expect(refused.text).not.toContain('http_request_duration_seconds');
    const scrape = async () => {
      const res = await request(product.url)
        .get('/metrics')
        .set('Authorization', `Bearer ${METRICS_TOKEN}`);
      expect(res.status).toBe(200);
      return res.text;
    };
    await request(product.url).get('/api/get-all-products');
    const before = await scrape();
    expect(before).toMatch(
      /http_request_duration_seconds_count\{service="gateway",method="GET",route="\/api\/get-all-products",status="200"\} \d+/,
    );
    expect(before).toContain('process_cpu_seconds_total');
    expect(before).toContain('instance_ready{service="checkout"} 1');

    // Checkout's relay is held by "another instance" while a payment's event waits in its
    // outbox since 90 s; one job waits for its time and one failed for good.
    const staged = await stageBacklog(product.engines.database, 'checkout', {
      event: 'payment-succeeded',
      ageSeconds: 90,
    });
    try {
      const after = await scrape();
      expect(sample(after, 'outbox_unpublished_events{service="checkout"}')).toBe(
        sample(before, 'outbox_unpublished_events{service="checkout"}') + 1,
      );
      expect(sample(after, 'outbox_lag_seconds{service="checkout"}')).toBeGreaterThanOrEqual(90);
      // The order view consumes payment-succeeded: with the local bus the event waiting in
      // checkout's outbox is its backlog.
      const lag = 'bus_consumer_lag_messages{service="gateway",topic="payment-succeeded"}';
      expect(sample(after, lag)).toBe(sample(before, lag) + 1);
      const delayed = 'job_queue_depth{service="checkout",state="delayed"}';
      expect(sample(after, delayed)).toBe(sample(before, delayed) + 1);
      const failed = 'job_queue_failed_jobs{service="checkout"}';
      expect(sample(after, failed)).toBe(sample(before, failed) + 1);
      expect(after).toContain('metrics_source_up{service="checkout",source="outbox"} 1');
    } finally {
      await staged.release();
    }
  });

  it('shows messages sent through a service notifier in the dev mailbox', async () => {
    await product.engines.mailbox.clear();
    await product.engines.mailbox.add({
      channel: 'email',
      to: 'ann@example.com',
      subject: 'Set your password',
      body: 'Hello',
    });
    const res = await request(product.url).get('/dev/mailbox/api/messages');
    expect(res.body.messages).toEqual([
      expect.objectContaining({
        channel: 'email',
        to: 'ann@example.com',
        subject: 'Set your password',
        body: 'Hello',
        sentAt: expect.any(String),
      }),
    ]);
    expect((await request(product.url).get('/dev/mailbox')).text).toContain('Set your password');
  });

  it("lets a test move the product's time forward, and only forward", async () => {
    const before = new Date((await request(product.url).get('/dev/clock')).body.now).getTime();
    const day = 24 * 60 * 60 * 1000;
    const moved = await request(product.url)
      .post('/dev/clock/advance')
      .send({ ms: 30 * day });
    expect(moved.status).toBe(200);
    expect(new Date(moved.body.now).getTime() - before).toBeGreaterThanOrEqual(30 * day);
    expect((await request(product.url).post('/dev/clock/advance').send({ ms: -1 })).status).toBe(
      400,
    );
  });

  it('invites staff who enrol a second factor and log in with codes; disabling ends their session and chat socket', async () => {
    await runStaffAccountsJourney(product.url);
    // Its demo admin may wait out a 30-second time step: a code is never accepted twice.
  }, 90_000);

  // Last: its made-up calls (claim order 1, close conversation 1) must not touch the journeys'.
  it('answers each staff call to its roles only: patients and every other role get 403', async () => {
    const statuses = await runRoleMatrix(product.url);
    expect(statuses.get('marketing GET /api/console/marketing/funnel')).toBe(400);
    expect(statuses.get('patient GET /api/console/marketing/funnel')).toBe(403);
    // The state rules: admins only (an empty body is refused and changes nothing).
    expect(statuses.get('admin PUT /api/console/state-rules')).toBe(400);
    expect(statuses.get('admin POST /api/console/state-rules/preview')).toBe(400);
    expect(statuses.get('admin GET /api/console/state-rules')).toBe(200);
    for (const role of ['patient', 'clinician', 'support', 'pharmacy', 'marketing'])
      expect(statuses.get(`${role} PUT /api/console/state-rules`)).toBe(403);
    // The catalog's admin calls (issue 30): admins only; the made-up body changes nothing.
    for (const call of ['GET /api/console/coupons', 'GET /api/console/prices']) {
      expect(statuses.get(`admin ${call}`)).toBe(200);
      for (const role of ['marketing', 'support', 'clinician', 'pharmacy', 'patient'])
        expect(statuses.get(`${role} ${call}`)).toBe(403);
    }
    expect(statuses.get('admin PUT /api/console/prices')).toBe(400);
    expect(statuses.get('marketing PUT /api/console/offers')).toBe(403);
    // Staff accounts are admins' only.
    expect(statuses.get('admin GET /api/console/staff')).toBe(200);
    expect(statuses.get('clinician GET /api/console/staff')).toBe(403);
    expect(statuses.get('support POST /api/console/staff/:id/disable')).toBe(403);
    expect(roleMatrixBreaches(statuses)).toEqual([]);
  }, 90_000);
});

describe('single-node in production', () => {
  it('never mounts the dev mailbox or the dev clock', async () => {
    const config = loadConfig(gatewayConfigSchema, {
      PORT: '0',
      DATA_DIR: ':memory:',
      NODE_ENV: 'production',
      WEB_DIST_DIR: fakeWebBuild(),
    });
    const product = await startSingleNode(config, { logger: silentLogger });
    try {
      expect((await request(product.url).get('/dev/mailbox/api/messages')).status).toBe(404);
      expect((await request(product.url).post('/dev/clock/advance').send({ ms: 1 })).status).toBe(
        404,
      );
    } finally {
      await product.close();
    }
  });
});
