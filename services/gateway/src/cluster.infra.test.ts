import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import IORedis from 'ioredis';
import { sql } from 'drizzle-orm';
import { backendServices, serviceNames } from '@clinic/contracts';
import { PostgresDatabase, rows } from '@clinic/kit';
import { infraEnv, infraServiceDatabaseUrl, eventually } from '@clinic/kit/testing';
import { funnelPeopleOfState } from '@clinic/marketing/testing';
import { watchLiveConversions } from './testing/live-conversions';
import { runAuditJourney } from './testing/audit-journey';
import { runBillingJourney } from './testing/billing-journey';
import { runCheckoutJourney } from './testing/checkout-journey';
import { runClinicJourney } from './testing/clinic-journey';
import { runChatJourney } from './testing/chat-journey';
import { runFulfillmentJourney } from './testing/fulfillment-journey';
import { runMedicalFormJourney } from './testing/medical-form-journey';
import { runStateRulesJourney } from './testing/state-rules-journey';
import { runStaffAccountsJourney } from './testing/staff-accounts-journey';
import { runVerificationJourney } from './testing/verification-journey';
import {
  runDisqualifiedJourney,
  runEligibilityJourney,
  runPatientJourney,
} from './testing/patient-journey';

/** `npm run start:cluster` for real: one process per service on PostgreSQL, Kafka and Redis. */
describe('cluster mode', () => {
  jest.setTimeout(180000);
  const url = 'http://127.0.0.1:3310';
  const METRICS_TOKEN = 'cluster-scrape-token-for-tests';
  let cluster: ChildProcess;
  let output = '';

  beforeAll(async () => {
    // Attempt counters live in Redis for an hour: earlier runs from this address must not count.
    const redis = new IORedis(infraEnv().REDIS_URL);
    const stale = await redis.keys('clinic:rate:*');
    if (stale.length > 0) await redis.del(...stale);
    await redis.quit();
    cluster = spawn(
      process.execPath,
      [join(__dirname, '..', '..', '..', 'scripts', 'start-cluster.mjs')],
      {
        env: {
          ...process.env,
          ...infraEnv(),
          // Each service logs in as its own user (infra/local/up.sh makes them).
          ...Object.fromEntries(
            serviceNames.map((s) => [
              `${s.toUpperCase()}_DATABASE_URL`,
              infraServiceDatabaseUrl(s),
            ]),
          ),
          NODE_OPTIONS: '',
          PORT: '3310',
          SERVICES_BASE_PORT: '4311',
          LOG_LEVEL: 'warn',
          NODE_ENV: 'test',
          // The clinician of the review journey.
          SEED_DEMO_ACCOUNTS: 'true',
          METRICS_TOKEN,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    cluster.stdout?.on('data', (d: Buffer) => (output += d.toString()));
    cluster.stderr?.on('data', (d: Buffer) => (output += d.toString()));
    await eventually(
      async () => {
        if (cluster.exitCode !== null) throw new Error(`cluster exited:\n${output}`);
        const res = await fetch(`${url}/readyz`);
        expect(res.status).toBe(200);
      },
      150000,
      1000,
    );
  });

  afterAll(async () => {
    if (cluster.exitCode === null) {
      const exited = new Promise((r) => cluster.once('exit', r));
      cluster.kill('SIGTERM');
      await exited;
    }
  });

  it('reports every service ready on its own database, Kafka and Redis connections', async () => {
    // A fresh broker may still move a consumer group between members in the first seconds (a
    // service's bus reads "subscribing" while it rejoins): ready is what it settles on.
    let body = { checks: {} as Record<string, Record<string, string>> };
    await eventually(
      async () => {
        const res = await fetch(`${url}/readyz`);
        body = (await res.json()) as typeof body;
        expect(res.status).toBe(200);
      },
      60000,
      1000,
    );
    expect(Object.keys(body.checks).sort()).toEqual([
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
    for (const checks of Object.values(body.checks))
      expect(checks).toEqual({ database: 'ok', bus: 'ok', queue: 'ok' });
  });

  it('connects each service to the database as its own user', async () => {
    const owner = await PostgresDatabase.open(infraEnv().DATABASE_URL);
    try {
      await eventually(async () => {
        const connected = await rows<{ application_name: string; usename: string }>(
          owner.db,
          sql`select distinct application_name, usename from pg_stat_activity
              where datname = current_database() and usename like '%\_service'`,
        );
        for (const service of serviceNames)
          expect(connected).toContainEqual({
            application_name: service,
            usename: `${service}_service`,
          });
      }, 30000);
    } finally {
      await owner.close();
    }
  });

  it('proxies the catalog to the checkout process, forwarding the request id', async () => {
    const res = await fetch(`${url}/api/get-all-products`, {
      headers: { 'x-request-id': 'cluster-trace-1' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')).toBe('cluster-trace-1');
    const body = (await res.json()) as { products: { stripe_id: string }[] };
    expect(body.products.map((p) => p.stripe_id)).toContain('sema_plan_134562');
    expect(output).not.toMatch(/exited \(/);
  });

  it('carries a patient from the quiz to logout across the service processes', async () => {
    await runPatientJourney(url);
  });

  it('pays for a cart once per Idempotency-Key, adds the upsell once and answers a decline, then bills', async () => {
    const { session } = await runCheckoutJourney(url);
    await runBillingJourney(url, session);
  });

  it('verifies the address, the phone and the email of a patient, codes read from the mailbox', async () => {
    await runVerificationJourney(url);
  });

  it('takes a Texas patient through the medical form, its photos and the identity video, to the clinician who approves and the patient who accepts, the pharmacy and the conversations (the chat through the websocket tunnel), finds every staff read in the one audit trail, and counts them in the funnel', async () => {
    const owner = await PostgresDatabase.open(infraEnv().DATABASE_URL);
    try {
      const before = await funnelPeopleOfState(owner.db, 'TX');
      // Marketing follows the live conversions through the gateway's websocket tunnel.
      const live = await watchLiveConversions(url);
      // Uploads go straight to the S3-compatible server that infra/local/up.sh started.
      const patient = await runMedicalFormJourney(
        url,
        process.env.S3_ENDPOINT ?? 'http://127.0.0.1:9300',
      );
      await runClinicJourney(url, patient);
      await runFulfillmentJourney(url, patient);
      await runChatJourney(url, patient);
      // The admin's one audit trail, each service's read asked over HTTP.
      await runAuditJourney(url, patient);
      // Marketing's process built its funnel from the same events, over Kafka: one more Texan
      // at each step.
      await eventually(async () => {
        const after = await funnelPeopleOfState(owner.db, 'TX');
        for (const step of [
          'lead-qualified',
          'paid',
          'assessment-submitted',
          'approved',
          'shipped',
        ])
          expect({ step, people: after[step] ?? 0 }).toEqual({
            step,
            people: (before[step] ?? 0) + 1,
          });
        const steps = live.received.map((c) => c.step);
        for (const step of ['paid', 'assessment-submitted', 'approved', 'shipped'])
          expect(steps).toContain(step);
      }, 30000);
      live.close();
    } finally {
      await owner.close();
    }
  });

  it("applies the BMI minimum of new users at checkout from intake's events", async () => {
    await runEligibilityJourney(url);
  });

  it('invites staff who enrol a second factor and log in with codes; disabling closes their chat socket on its process', async () => {
    await runStaffAccountsJourney(url);
  });

  it('disqualifies a visitor across the service processes', async () => {
    await runDisqualifiedJourney(url);
  });

  it('blocks a state from the console: intake, the quiz and checkout follow across the processes, with no restart', async () => {
    await runStateRulesJourney(url);
  });

  it('keeps the dev mailbox browsable from the shared database outside production', async () => {
    const res = await fetch(`${url}/dev/mailbox/api/messages`);
    expect(res.status).toBe(200);
    expect(Array.isArray(((await res.json()) as { messages: unknown[] }).messages)).toBe(true);
  });

  it('serves /metrics to the METRICS_TOKEN only: the gateway, and each process on Kafka and BullMQ', async () => {
    expect((await fetch(`${url}/metrics`)).status).toBe(404);
    const scrape = async (base: string) => {
      const res = await fetch(`${base}/metrics`, {
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      });
      expect(res.status).toBe(200);
      return res.text();
    };
    await fetch(`${url}/api/get-all-products`);
    const gateway = await scrape(url);
    expect(gateway).toMatch(
      /http_request_duration_seconds_count\{service="gateway",method="GET",route="\/api\/get-all-products",status="200"\} \d+/,
    );
    expect(gateway).toContain('instance_ready{service="checkout"} 1');
    const checkout = `http://127.0.0.1:${4311 + backendServices.indexOf('checkout')}`;
    expect((await fetch(`${checkout}/metrics`)).status).toBe(404);
    // The journeys above are handled: Kafka's committed offsets reach the log end.
    await eventually(
      async () => {
        const text = await scrape(checkout);
        for (const source of ['outbox', 'queue', 'bus'])
          expect(text).toContain(`metrics_source_up{service="checkout",source="${source}"} 1`);
        expect(text).toContain('job_queue_failed_jobs{service="checkout"} 0');
        expect(text).toMatch(/job_queue_depth\{service="checkout",state="waiting"\} \d+/);
        expect(text).toContain('outbox_unpublished_events{service="checkout"} 0');
        const lags = [
          ...text.matchAll(
            /^bus_consumer_lag_messages\{service="checkout",topic="([^"]+)"\} (\S+)$/gm,
          ),
        ];
        expect(lags.map((m) => m[1])).toContain('payment-succeeded');
        expect(lags.map((m) => Number(m[2]))).toEqual(lags.map(() => 0));
      },
      60000,
      2000,
    );
  });
});
