import express from 'express';
import request from 'supertest';
import type { Principal } from '@clinic/contracts';
import {
  INTERNAL_CALL_HEADER,
  PRINCIPAL_HEADER,
  PrincipalSigner,
  internalOnly,
  principalMiddleware,
  principalOf,
} from './principal';
import { finishApp } from '../http/app';
import { silentLogger } from '../testing/support';

const patient: Principal = {
  userId: 7,
  role: 'patient',
  sessionId: 's1',
  startedAt: 1_700_000_000_000,
  cartId: null,
};

function appWith(signer: PrincipalSigner) {
  const app = express();
  app.use(principalMiddleware(signer));
  app.get('/who', (req, res) => {
    res.json({ principal: principalOf(res.locals), leaked: req.headers[PRINCIPAL_HEADER] ?? null });
  });
  app.get('/internal', internalOnly(signer), (_req, res) => {
    res.json({ ok: true });
  });
  finishApp(app, silentLogger);
  return app;
}

describe('PrincipalSigner', () => {
  const signer = new PrincipalSigner('a-shared-secret-for-tests-only-0000');

  it('passes a principal signed with the shared secret to the service', async () => {
    const res = await request(appWith(signer)).get('/who').set(signer.sign(patient));
    expect(res.body).toEqual({ principal: patient, leaked: null });
  });

  it('ignores a principal a client forged or signed with another secret', async () => {
    const forged = new PrincipalSigner('some-other-secret').sign({ ...patient, role: 'admin' });
    const res = await request(appWith(signer)).get('/who').set(forged);
    expect(res.body).toEqual({ principal: null, leaked: null });
    const tampered = signer.sign(patient);
    tampered[PRINCIPAL_HEADER] = Buffer.from(
      JSON.stringify({ ...patient, role: 'admin', at: Date.now() }),
    ).toString('base64url');
    expect((await request(appWith(signer)).get('/who').set(tampered)).body.principal).toBeNull();
  });

  it('refuses a signed principal older than a minute (a replayed header)', () => {
    const headers = signer.sign(patient, Date.now() - 120_000);
    expect(
      signer.verify(headers[PRINCIPAL_HEADER], headers['x-clinic-principal-signature']),
    ).toBeNull();
  });

  it('lets only holders of the secret call internal routes', async () => {
    const app = appWith(signer);
    expect((await request(app).get('/internal')).status).toBe(403);
    expect((await request(app).get('/internal').set(INTERNAL_CALL_HEADER, 'guess')).status).toBe(
      403,
    );
    const ok = await request(app)
      .get('/internal')
      .set(INTERNAL_CALL_HEADER, signer.internalToken());
    expect(ok.status).toBe(200);
  });
});
