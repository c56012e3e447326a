import type { AddressInfo } from 'node:net';
import express from 'express';
import request from 'supertest';
import type { Principal } from '@clinic/contracts';
import type { IdentityDirectory } from '@clinic/identity-client';
import {
  Metrics,
  PRINCIPAL_HEADER,
  PrincipalSigner,
  principalMiddleware,
  principalOf,
} from '@clinic/kit';
import { silentLogger } from '@clinic/kit/testing';
import { buildGatewayApp } from '../app';
import { HttpProxyUpstream } from './http-proxy';
import { instancePools } from './instance-pool';

const principals = new PrincipalSigner('proxy-test-secret-0123456789abcdef');
const patient: Principal = {
  userId: 5,
  role: 'patient',
  sessionId: 'session-5',
  startedAt: 0,
  cartId: null,
};

/** Knows one token; the proxy's handling of the caller is under test here, not identity. */
function oneTokenIdentity(opts: { down?: boolean } = {}): IdentityDirectory {
  return {
    resolveSession: async (token) => {
      if (opts.down) throw new Error('identity is down');
      return token === 'good-token' ? patient : null;
    },
    provisionPatient: async () => {
      throw new Error('not used by the gateway');
    },
    openCartSession: async () => {
      throw new Error('not used by the gateway');
    },
    userIdByEmail: async () => {
      throw new Error('not used by the gateway');
    },
    patientContact: async () => {
      throw new Error('not used by the gateway');
    },
    changePatientContact: async () => {
      throw new Error('not used by the gateway');
    },
    staffMember: async () => {
      throw new Error('not used by the gateway');
    },
    clinicianProfile: async () => {
      throw new Error('not used by the gateway');
    },
  };
}

describe('HTTP proxy upstream (cluster mode)', () => {
  it('streams the call to the owning service with request id and client address', async () => {
    const seen: Record<string, unknown>[] = [];
    const service = express();
    service.get('/api/get-all-products', (req, res) => {
      seen.push({
        requestId: req.get('x-request-id'),
        forwardedFor: req.get('x-forwarded-for'),
        query: req.query,
      });
      res.status(200).json({ status: 'success', products: [] });
    });
    const server = service.listen(0);
    try {
      const port = (server.address() as AddressInfo).port;
      const gateway = buildGatewayApp({
        logger: silentLogger,
        metrics: new Metrics({ defaultMetrics: false }),
        upstream: new HttpProxyUpstream(
          instancePools({ checkout: [`http://127.0.0.1:${port}`] }, silentLogger),
          silentLogger,
        ),
        identity: oneTokenIdentity(),
        principals,
        webDistDir: '/nonexistent',
        nodeEnv: 'test',
      });
      const res = await request(gateway)
        .get('/api/get-all-products?x=1')
        .set('x-request-id', 'req-42');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ status: 'success', products: [] });
      expect(seen).toEqual([
        {
          requestId: 'req-42',
          forwardedFor: expect.stringContaining('127.0.0.1'),
          query: { x: '1' },
        },
      ]);
    } finally {
      server.close();
    }
  });

  it("forwards the client's address as the gateway knows it: a client's own X-Forwarded-For only through TRUST_PROXY", async () => {
    const seen: (string | undefined)[] = [];
    const service = express();
    service.get('/api/get-all-products', (req, res) => {
      seen.push(req.get('x-forwarded-for'));
      res.json({ status: 'success', products: [] });
    });
    const server = service.listen(0);
    try {
      const port = (server.address() as AddressInfo).port;
      const gatewayTrusting = (trustProxy?: string) =>
        buildGatewayApp({
          logger: silentLogger,
          metrics: new Metrics({ defaultMetrics: false }),
          upstream: new HttpProxyUpstream(
            instancePools({ checkout: [`http://127.0.0.1:${port}`] }, silentLogger),
            silentLogger,
          ),
          identity: oneTokenIdentity(),
          principals,
          webDistDir: '/nonexistent',
          nodeEnv: 'test',
          trustProxy,
        });
      const spoofed = { 'x-forwarded-for': '203.0.113.9' };
      await request(gatewayTrusting()).get('/api/get-all-products').set(spoofed);
      await request(gatewayTrusting('loopback')).get('/api/get-all-products').set(spoofed);
      // Untrusted, the client's claim is dropped; behind a trusted proxy, it is the client.
      expect(seen[0]).toMatch(/127\.0\.0\.1|::1/);
      expect(seen[0]).not.toContain('203.0.113.9');
      expect(seen[1]).toBe('203.0.113.9');
    } finally {
      server.close();
    }
  });

  it('answers 502 with a clear message when the service is down', async () => {
    const gateway = buildGatewayApp({
      logger: silentLogger,
      metrics: new Metrics({ defaultMetrics: false }),
      upstream: new HttpProxyUpstream(
        instancePools({ checkout: ['http://127.0.0.1:1'] }, silentLogger),
        silentLogger,
      ),
      identity: oneTokenIdentity(),
      principals,
      webDistDir: '/nonexistent',
      nodeEnv: 'test',
    });
    const res = await request(gateway).get('/api/get-all-products');
    expect(res.status).toBe(502);
    expect(res.body).toMatchObject({
      status: 'error',
      message: 'Service temporarily unavailable. Please try again.',
    });
    const ready = await request(gateway).get('/readyz');
    expect(ready.status).toBe(503);
  });

  describe('the caller', () => {
    async function withService(
      identity: IdentityDirectory,
      fn: (gateway: express.Express) => Promise<void>,
    ) {
      const service = express();
      service.use(principalMiddleware(principals));
      service.get('/api/logout', (req, res) => {
        res.json({ principal: principalOf(res.locals), raw: req.get(PRINCIPAL_HEADER) ?? null });
      });
      const server = service.listen(0);
      try {
        const port = (server.address() as AddressInfo).port;
        await fn(
          buildGatewayApp({
            logger: silentLogger,
            metrics: new Metrics({ defaultMetrics: false }),
            upstream: new HttpProxyUpstream(
              instancePools({ identity: [`http://127.0.0.1:${port}`] }, silentLogger),
              silentLogger,
            ),
            identity,
            principals,
            webDistDir: '/nonexistent',
            nodeEnv: 'test',
          }),
        );
      } finally {
        server.close();
      }
    }

    it('reaches the service as the principal of the bearer token, signed by the gateway', async () => {
      await withService(oneTokenIdentity(), async (gateway) => {
        const res = await request(gateway)
          .get('/api/logout')
          .set('Authorization', 'Bearer good-token');
        expect(res.body).toEqual({ principal: patient, raw: null });
      });
    });

    it('is nobody with an unknown token, and a principal header sent by a client is dropped', async () => {
      await withService(oneTokenIdentity(), async (gateway) => {
        const forged = principals.sign({ ...patient, role: 'admin' });
        const unknown = await request(gateway)
          .get('/api/logout')
          .set('Authorization', 'Bearer stolen-or-expired')
          .set(forged);
        expect(unknown.body).toEqual({ principal: null, raw: null });
        const none = await request(gateway).get('/api/logout').set(forged);
        expect(none.body).toEqual({ principal: null, raw: null });
      });
    });

    it('gets 503, not anonymity, when identity cannot answer', async () => {
      await withService(oneTokenIdentity({ down: true }), async (gateway) => {
        const res = await request(gateway)
          .get('/api/logout')
          .set('Authorization', 'Bearer good-token');
        expect(res.status).toBe(503);
        expect(res.body.message).toBe('Service temporarily unavailable. Please try again.');
      });
    });
  });
});
