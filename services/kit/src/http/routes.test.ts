import express, { Router } from 'express';
import request from 'supertest';
import { z } from 'zod';
import { defineRoute, type RouteAuth } from '@clinic/contracts';
import { PrincipalSigner, principalMiddleware } from '../auth/principal';
import { silentLogger } from '../testing/support';
import { finishApp } from './app';
import { CART_SESSION_REFUSED, bindRoute } from './routes';

const signer = new PrincipalSigner();

function appWith(auth: RouteAuth, opts: { allowCartSession?: boolean } = {}) {
  const route = defineRoute({
    method: 'get',
    path: '/whoami',
    service: 'identity',
    auth,
    ...opts,
    summary: 'test',
    response: z.object({ userId: z.number().nullable() }),
  });
  const router = Router();
  bindRoute(router, route, async ({ principal }) => ({ userId: principal?.userId ?? null }));
  const app = express();
  app.use(principalMiddleware(signer));
  app.use(router);
  finishApp(app, silentLogger);
  return app;
}

const patient = signer.sign({
  userId: 1,
  role: 'patient',
  sessionId: 'a',
  startedAt: 0,
  cartId: null,
});
/** A session opened from a checkout link: it finishes that cart's order only. */
const cartLink = signer.sign({
  userId: 1,
  role: 'patient',
  sessionId: 'c',
  startedAt: 0,
  cartId: '6f1c4c2e-8b0a-4c55-9a55-0c7d1f2e3a4b',
});
const clinician = signer.sign({
  userId: 2,
  role: 'clinician',
  sessionId: 'b',
  startedAt: 0,
  cartId: null,
});

describe('bindRoute and who may call', () => {
  it('lets anyone call a public route, with the caller when there is one', async () => {
    expect((await request(appWith('public')).get('/whoami')).body).toEqual({ userId: null });
    expect((await request(appWith('public')).get('/whoami').set(patient)).body).toEqual({
      userId: 1,
    });
  });

  it('answers 401 on a login route without a caller, before the handler runs', async () => {
    const res = await request(appWith('patient')).get('/whoami');
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ status: 'error', message: 'Please log in to continue.' });
    expect((await request(appWith('patient')).get('/whoami').set(clinician)).status).toBe(200);
  });

  it('keeps staff routes from patients (403) and opens them to staff roles', async () => {
    expect((await request(appWith('staff')).get('/whoami').set(patient)).status).toBe(403);
    expect((await request(appWith('staff')).get('/whoami')).status).toBe(401);
    expect((await request(appWith('staff')).get('/whoami').set(clinician)).body).toEqual({
      userId: 2,
    });
  });

  it("refuses a cart link's session on login routes that do not finish its order", async () => {
    // 403, not 401: the session is good (the browser keeps it), only not for this.
    const portal = await request(appWith('patient')).get('/whoami').set(cartLink);
    expect(portal.status).toBe(403);
    expect(portal.body.message).toBe(CART_SESSION_REFUSED);
    const nextStep = await request(appWith('patient', { allowCartSession: true }))
      .get('/whoami')
      .set(cartLink);
    expect(nextStep.body).toEqual({ userId: 1 });
    // The cart's own page is public and knows its caller.
    expect((await request(appWith('public')).get('/whoami').set(cartLink)).body).toEqual({
      userId: 1,
    });
  });

  it('marks every answer as not to be cached, errors included', async () => {
    const ok = await request(appWith('patient')).get('/whoami').set(patient);
    expect(ok.headers['cache-control']).toBe('no-store');
    const refused = await request(appWith('patient')).get('/whoami');
    expect(refused.headers['cache-control']).toBe('no-store');
  });
});
