import express, { Router } from 'express';
import request from 'supertest';
import { z } from 'zod';
import { defineRoute, type RouteAuth } from '@clinic/contracts';
import { PrincipalSigner, principalMiddleware } from '../auth/principal';
import { silentLogger } from '../testing/support';
import { finishApp } from './app';
import { bindRoute } from './routes';

const signer = new PrincipalSigner();

function appWith(auth: RouteAuth) {
  const route = defineRoute({
    method: 'get',
    path: '/whoami',
    service: 'identity',
    auth,
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

const patient = signer.sign({ userId: 1, role: 'patient', sessionId: 'a' });
const clinician = signer.sign({ userId: 2, role: 'clinician', sessionId: 'b' });

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
});
