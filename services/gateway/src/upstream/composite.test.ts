import express from 'express';
import request from 'supertest';
import type { Upstream } from './upstream';
import { CompositeUpstream, StartingUpstream } from './composite';

/** An upstream that answers which side it is. */
function side(name: string, ready: Record<string, Record<string, string>>): Upstream {
  return {
    forward: (service, _req, res) => {
      res.json({ side: name, service });
    },
    readiness: async () => ready,
  };
}

function appOf(upstream: Upstream) {
  const app = express();
  app.get('/:service', (req, res, next) =>
    upstream.forward(req.params.service as 'gateway', req, res, next),
  );
  return app;
}

describe("the cluster gateway's upstream", () => {
  it('runs its own services in-process (503 while they start) and proxies the others', async () => {
    let snapshot = { database: 'attempt 1 failed: ECONNREFUSED' };
    const own = new StartingUpstream(
      'gateway',
      () => snapshot,
      () => ['database'],
    );
    const upstream = new CompositeUpstream(
      own,
      new Set(['gateway']),
      side('proxy', { checkout: { service: 'ok' } }),
    );
    const app = appOf(upstream);

    const starting = await request(app).get('/gateway');
    expect(starting.status).toBe(503);
    expect(starting.body.waitingFor).toEqual(['database']);
    expect((await request(app).get('/checkout')).body).toEqual({
      side: 'proxy',
      service: 'checkout',
    });
    expect(await upstream.readiness()).toEqual({
      checkout: { service: 'ok' },
      gateway: { database: 'attempt 1 failed: ECONNREFUSED' },
    });

    snapshot = { database: 'ok' };
    own.ready(side('local', { gateway: { database: 'ok', bus: 'ok', queue: 'ok' } }));
    expect((await request(app).get('/gateway')).body).toEqual({
      side: 'local',
      service: 'gateway',
    });
    expect(await upstream.readiness()).toEqual({
      checkout: { service: 'ok' },
      gateway: { database: 'ok', bus: 'ok', queue: 'ok' },
    });
  });
});
