/**
 * The gateway's session check with its short cache: a burst of requests asks identity once, a
 * logout is never answered from the cache and ends the session for the next request at once, a
 * revocation identity makes on its own counts once the entry's 2 seconds are over, and unknown
 * tokens are never kept. A request is the person's unless the console marks it
 * `X-Clinic-Activity: background`; only the person's requests may move a staff session's idle
 * deadline, and an entry a background refresh left never answers the person's request.
 */
import express from 'express';
import request from 'supertest';
import { backgroundActivityHeaders, type Principal, type SessionActivity } from '@clinic/contracts';
import type { IdentityDirectory } from '@clinic/identity-client';
import { PRINCIPAL_HEADER, PrincipalSigner } from '@clinic/kit';
import { silentLogger } from '@clinic/kit/testing';
import { sessionAuth } from './session-auth';
import { SessionCache } from './session-cache';

const patient: Principal = {
  userId: 41,
  role: 'patient',
  sessionId: 's-41',
  startedAt: 0,
  cartId: null,
};

function gatewayWith(ttlMs: number, caller: Principal = patient) {
  let now = 1_000_000;
  const live = new Set(['live-token']);
  const asked: string[] = [];
  const activities: (SessionActivity | undefined)[] = [];
  // Only the call the gateway makes; the others would fail the test loudly.
  const identity: Pick<IdentityDirectory, 'resolveSession'> = {
    async resolveSession(token: string, activity?: SessionActivity) {
      asked.push(token);
      activities.push(activity);
      return live.has(token) ? caller : null;
    },
  };
  const app = express();
  app.use(
    sessionAuth(
      identity as IdentityDirectory,
      new PrincipalSigner(),
      silentLogger,
      new SessionCache(ttlMs, () => now),
    ),
  );
  app.get(/.*/, (req, res) => {
    // Logout: identity ends the session once the caller is known.
    if (req.path === '/api/logout') live.delete('live-token');
    res.json({ signed: Boolean(req.headers[PRINCIPAL_HEADER]) });
  });
  const get = (path: string, token: string, headers: Record<string, string> = {}) =>
    request(app).get(path).set('authorization', `Bearer ${token}`).set(headers);
  return {
    get,
    asked,
    activities,
    live,
    advance: (ms: number) => {
      now += ms;
    },
  };
}

it('asks identity once for a burst of requests, and again after 2 seconds', async () => {
  const g = gatewayWith(2000);
  for (let i = 0; i < 5; i += 1)
    expect((await g.get('/api/order-items', 'live-token')).body.signed).toBe(true);
  expect(g.asked).toEqual(['live-token']);
  g.advance(2001);
  // Identity revoked it meanwhile (a password reset): counted once the entry is over.
  g.live.delete('live-token');
  expect((await g.get('/api/order-items', 'live-token')).body.signed).toBe(false);
  expect(g.asked).toHaveLength(2);
});

it('never answers a logout from the cache, and the next request is refused at once', async () => {
  const g = gatewayWith(2000);
  expect((await g.get('/api/order-items', 'live-token')).body.signed).toBe(true);
  expect((await g.get('/api/logout', 'live-token')).body.signed).toBe(true);
  expect(g.asked).toEqual(['live-token', 'live-token']);
  expect((await g.get('/api/order-items', 'live-token')).body.signed).toBe(false);
  expect(g.asked).toHaveLength(3);
});

it('keeps no unknown token, and with no cache asks identity every time', async () => {
  const g = gatewayWith(2000);
  await g.get('/api/order-items', 'stolen-token');
  await g.get('/api/order-items', 'stolen-token');
  expect(g.asked).toEqual(['stolen-token', 'stolen-token']);
  const uncached = gatewayWith(0);
  await uncached.get('/api/order-items', 'live-token');
  await uncached.get('/api/order-items', 'live-token');
  expect(uncached.asked).toHaveLength(2);
});

it("tells identity whose request it is: the console's background refresh, or the person's", async () => {
  const g = gatewayWith(0);
  await g.get('/api/console/cases', 'live-token', { ...backgroundActivityHeaders });
  await g.get('/api/console/cases', 'live-token', { 'x-clinic-activity': ' Background ' });
  await g.get('/api/console/cases', 'live-token');
  await g.get('/api/console/cases', 'live-token', { 'x-clinic-activity': 'person' });
  await g.get('/api/console/cases', 'live-token', { 'x-clinic-activity': 'anything else' });
  expect(g.activities).toEqual(['background', 'background', 'person', 'person', 'person']);
});

it('keeps no staff session: each request moves or checks its idle deadline, and a disabled account is refused on its next one', async () => {
  const g = gatewayWith(2000, { ...patient, role: 'admin', sessionId: 's-staff' });
  expect((await g.get('/api/console/cases', 'live-token')).body.signed).toBe(true);
  await g.get('/api/console/cases', 'live-token', { ...backgroundActivityHeaders });
  expect((await g.get('/api/console/cases', 'live-token')).body.signed).toBe(true);
  expect(g.activities).toEqual(['person', 'background', 'person']);
  // An admin disabled the account: identity ended its sessions.
  g.live.delete('live-token');
  expect((await g.get('/api/console/cases', 'live-token')).body.signed).toBe(false);
});
