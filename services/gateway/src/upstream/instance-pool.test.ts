/**
 * Cluster mode's balancing: the gateway spreads a service's requests over its instances, takes
 * one out when it refuses connections or fails its check, puts it back when it passes again,
 * and a request that met a dead instance is sent on to a live one, body and all.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import request from 'supertest';
import { freePort, silentLogger } from '@clinic/kit/testing';
import { HttpProxyUpstream } from './http-proxy';
import { InstancePool } from './instance-pool';

/** A checkout instance that records each body it received and answers with its own name. */
async function instance(
  name: string,
  port = 0,
): Promise<{ server: Server; url: string; bodies: string[] }> {
  const bodies: string[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      bodies.push(body);
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ instance: name }));
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, bodies };
}

function gatewayOver(pool: InstancePool) {
  const upstream = new HttpProxyUpstream({ checkout: pool }, silentLogger);
  const app = express();
  app.use((req, res, next) => upstream.forward('checkout', req, res, next));
  return app;
}

const close = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));

describe('instance pool', () => {
  it('sends each request to the instance with the fewest in flight, in turn when equal', () => {
    const pool = new InstancePool('checkout', ['http://a', 'http://b', 'http://c'], silentLogger);
    const first = [pool.pick(), pool.pick(), pool.pick()];
    expect(new Set(first)).toEqual(new Set(['http://a', 'http://b', 'http://c']));
    const doneA = pool.begin('http://a');
    pool.begin('http://b');
    for (let i = 0; i < 5; i++) expect(pool.pick()).toBe('http://c');
    doneA();
    doneA(); // a second call must not count twice
    pool.begin('http://c');
    expect(pool.pick()).toBe('http://a');
  });

  it('takes an instance out on a failed check or a refused connection and puts it back', async () => {
    const healthy = new Set(['http://a', 'http://b']);
    const pool = new InstancePool('checkout', ['http://a', 'http://b'], silentLogger, async (url) =>
      healthy.has(url),
    );
    healthy.delete('http://b');
    await pool.checkAll();
    expect(pool.upUrls()).toEqual(['http://a']);
    for (let i = 0; i < 4; i++) expect(pool.pick()).toBe('http://a');
    healthy.add('http://b');
    await pool.checkAll();
    expect(pool.upUrls()).toEqual(['http://a', 'http://b']);
    pool.markDown('http://a', 'ECONNREFUSED');
    expect(pool.pick()).toBe('http://b');
    // Every instance out: still tried, never a refusal on stale news.
    pool.markDown('http://b', 'ECONNREFUSED');
    expect(pool.pick()).toBeDefined();
    expect(pool.pick(new Set(['http://a', 'http://b']))).toBeUndefined();
  });

  it('spreads requests over every live instance', async () => {
    const a = await instance('a');
    const b = await instance('b');
    try {
      const app = gatewayOver(new InstancePool('checkout', [a.url, b.url], silentLogger));
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => request(app).get('/api/order-items')),
      );
      const served = answers.map((r) => (r.body as { instance: string }).instance);
      expect(served.filter((n) => n === 'a').length).toBeGreaterThanOrEqual(5);
      expect(served.filter((n) => n === 'b').length).toBeGreaterThanOrEqual(5);
    } finally {
      await Promise.all([close(a.server), close(b.server)]);
    }
  });

  it('routes around a dead instance with no failed request, replaying the body, and takes it back', async () => {
    const live = await instance('live');
    const deadPort = await freePort();
    const pool = new InstancePool(
      'checkout',
      [`http://127.0.0.1:${deadPort}`, live.url],
      silentLogger,
    );
    const app = gatewayOver(pool);
    try {
      const answers = [];
      for (let i = 0; i < 6; i++)
        answers.push(
          await request(app)
            .post('/webhooks/stripe')
            .set('content-type', 'application/json')
            .send({ payment: i }),
        );
      expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
      expect(live.bodies.map((b) => JSON.parse(b) as unknown)).toEqual(
        [0, 1, 2, 3, 4, 5].map((payment) => ({ payment })),
      );
      expect(pool.upUrls()).toEqual([live.url]);

      // The instance comes back: its next check puts it in rotation and it takes requests again.
      const back = await instance('back', deadPort);
      try {
        await pool.checkAll();
        expect(pool.upUrls()).toHaveLength(2);
        const served = await Promise.all(
          Array.from({ length: 10 }, () => request(app).get('/api/order-items')),
        );
        expect(served.some((r) => (r.body as { instance: string }).instance === 'back')).toBe(true);
      } finally {
        await close(back.server);
      }
    } finally {
      await close(live.server);
    }
  });

  it('answers 502 when every instance is dead, naming no address', async () => {
    const pool = new InstancePool(
      'checkout',
      [`http://127.0.0.1:${await freePort()}`, `http://127.0.0.1:${await freePort()}`],
      silentLogger,
    );
    const res = await request(gatewayOver(pool)).post('/webhooks/stripe').send({ a: 1 });
    expect(res.status).toBe(502);
    expect(JSON.stringify(res.body)).not.toContain('127.0.0.1');
  });
});
