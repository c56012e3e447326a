/**
 * The gateway is the clinic's public entry: its /metrics answers Prometheus only (the bearer
 * METRICS_TOKEN, or without one a direct connection from the internal network) and labels each
 * request by the published call's template, never by a path that carries a cart's id.
 */
import request from 'supertest';
import type { IdentityDirectory } from '@clinic/identity-client';
import { Metrics, PrincipalSigner } from '@clinic/kit';
import { silentLogger } from '@clinic/kit/testing';
import { buildGatewayApp, type GatewayDeps } from './app';
import type { Upstream } from './upstream/upstream';

const TOKEN = 'prometheus-scrape-token-42';
const CART = '3f2c1d9e-8b7a-4c6d-9e0f-1a2b3c4d5e6f';

function gateway(opts: Partial<Pick<GatewayDeps, 'metricsToken' | 'trustProxy'>> = {}) {
  // A service that answers every proxied call, as in cluster mode.
  const upstream: Upstream = {
    forward: (_service, _req, res) => void res.status(200).json({ ok: true }),
    readiness: async () => ({ checkout: { database: 'ok', bus: 'ok', queue: 'ok' } }),
  };
  return buildGatewayApp({
    logger: silentLogger,
    metrics: new Metrics({ defaultMetrics: false }),
    upstream,
    identity: {} as IdentityDirectory,
    principals: new PrincipalSigner(),
    webDistDir: '/nonexistent',
    nodeEnv: 'production',
    ...opts,
  });
}

describe('the gateway /metrics', () => {
  it('with METRICS_TOKEN set, answers only the bearer token: a plain 404 otherwise', async () => {
    const app = gateway({ metricsToken: TOKEN });
    const bare = await request(app).get('/metrics');
    expect(bare.status).toBe(404);
    expect(bare.text).not.toContain('http_request_duration_seconds');
    const wrong = await request(app).get('/metrics').set('Authorization', 'Bearer not-the-token');
    expect(wrong.status).toBe(404);
    const scrape = await request(app).get('/metrics').set('Authorization', `Bearer ${TOKEN}`);
    expect(scrape.status).toBe(200);
    expect(scrape.headers['content-type']).toContain('text/plain');
    expect(scrape.text).toContain('instance_ready{service="checkout"} 1');
  });

  it('without a token, refuses a request an Ingress or load balancer relays', async () => {
    const app = gateway({ trustProxy: 'loopback' });
    expect((await request(app).get('/metrics')).status).toBe(200);
    // The client may even name loopback: a relayed request came from beyond the proxy.
    const relayed = await request(app).get('/metrics').set('X-Forwarded-For', '127.0.0.1');
    expect(relayed.status).toBe(404);
  });

  it('labels a proxied call by its published template, never by the id in its path', async () => {
    const app = gateway({ metricsToken: TOKEN });
    await request(app).get(`/api/get-cart/${CART}`).expect(200);
    const text = (await request(app).get('/metrics').set('Authorization', `Bearer ${TOKEN}`)).text;
    expect(text).toMatch(
      /http_request_duration_seconds_count\{service="gateway",method="GET",route="\/api\/get-cart\/:cart_id",status="200"\} 1/,
    );
    expect(text).not.toContain(CART);
  });
});
