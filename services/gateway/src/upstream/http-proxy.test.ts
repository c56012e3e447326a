import type { AddressInfo } from 'node:net';
import express from 'express';
import request from 'supertest';
import { Metrics } from '@clinic/kit';
import { silentLogger } from '@clinic/kit/src/testing/support';
import { buildGatewayApp } from '../app';
import { HttpProxyUpstream } from './http-proxy';

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
        upstream: new HttpProxyUpstream({ checkout: `http://127.0.0.1:${port}` }, silentLogger),
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

  it('answers 502 with a clear message when the service is down', async () => {
    const gateway = buildGatewayApp({
      logger: silentLogger,
      metrics: new Metrics({ defaultMetrics: false }),
      upstream: new HttpProxyUpstream({ checkout: 'http://127.0.0.1:1' }, silentLogger),
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
});
