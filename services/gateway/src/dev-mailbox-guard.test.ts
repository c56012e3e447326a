/**
 * The dev mailbox holds every reset link: it answers a browser on this machine in development
 * and test, and nobody else (not a LAN visitor, not one a local proxy forwards, not production).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { networkInterfaces } from 'node:os';
import request from 'supertest';
import type { IdentityDirectory } from '@clinic/identity-client';
import { Metrics, PrincipalSigner, type MailboxStore } from '@clinic/kit';
import { silentLogger } from '@clinic/kit/testing';
import { buildGatewayApp, type GatewayDeps } from './app';
import { isLoopbackAddress } from './dev-mailbox-guard';
import type { Upstream } from './upstream/upstream';

const resetLink = {
  channel: 'email',
  to: 'admin@demo.glp-clinic.local',
  subject: 'Reset your password',
  body: 'http://localhost:3000/password-reset/secret',
  sentAt: '2026-01-01T00:00:00.000Z',
};

function gateway(opts: Partial<Pick<GatewayDeps, 'nodeEnv' | 'trustProxy'>> = {}) {
  // Only what the mailbox router reads; no other call reaches these stubs.
  const mailbox = { list: async () => [resetLink], clear: async () => undefined };
  const upstream: Upstream = {
    forward: (_service, _req, res) => void res.status(502).end(),
    readiness: async () => ({}),
  };
  return buildGatewayApp({
    logger: silentLogger,
    metrics: new Metrics(),
    upstream,
    identity: {} as IdentityDirectory,
    principals: new PrincipalSigner(),
    webDistDir: '/nonexistent',
    nodeEnv: 'development',
    mailbox: mailbox as unknown as MailboxStore,
    ...opts,
  });
}

/** An address of this machine that is not loopback, as a LAN visitor would reach it. */
function lanAddress(): string | undefined {
  return Object.values(networkInterfaces())
    .flat()
    .find((i) => i && i.family === 'IPv4' && !i.internal)?.address;
}

describe('the dev mailbox', () => {
  it('answers a browser on this machine in development and test', async () => {
    for (const nodeEnv of ['development', 'test'] as const) {
      const res = await request(gateway({ nodeEnv })).get('/dev/mailbox/api/messages');
      expect(res.status).toBe(200);
      expect(res.body.messages[0].subject).toBe('Reset your password');
    }
  });

  it('is not there in production', async () => {
    const res = await request(gateway({ nodeEnv: 'production' })).get('/dev/mailbox/api/messages');
    expect(res.status).toBe(404);
    expect(JSON.stringify(res.body)).not.toContain('password-reset');
  });

  it('refuses a visitor a proxy on this machine forwards from the LAN', async () => {
    const app = gateway({ trustProxy: 'loopback' });
    const forwarded = await request(app)
      .get('/dev/mailbox/api/messages')
      .set('X-Forwarded-For', '192.168.1.20');
    expect(forwarded.status).toBe(404);
    expect(JSON.stringify(forwarded.body)).not.toContain('password-reset');
    const page = await request(app).get('/dev/mailbox/').set('X-Forwarded-For', '10.0.0.7');
    expect(page.status).toBe(404);
    // The machine's own browser through the same proxy still reads it.
    const local = await request(app)
      .get('/dev/mailbox/api/messages')
      .set('X-Forwarded-For', '127.0.0.1');
    expect(local.status).toBe(200);
  });

  it('refuses a connection from another machine, and believes no X-Forwarded-For it sends', async () => {
    expect(['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1'].map(isLoopbackAddress)).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(
      ['192.168.1.20', '::ffff:10.0.0.2', 'fd00::2', '1127.0.0.1', undefined].map(
        isLoopbackAddress,
      ),
    ).toEqual([false, false, false, false, false]);

    const lan = lanAddress();
    if (!lan) return; // a machine with loopback only has no LAN to come from
    const server: Server = createServer(gateway());
    await new Promise<void>((resolve) => server.listen(0, '0.0.0.0', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const fromLan = await fetch(`http://${lan}:${port}/dev/mailbox/api/messages`, {
        headers: { 'X-Forwarded-For': '127.0.0.1' },
      });
      expect(fromLan.status).toBe(404);
      expect(await fromLan.text()).not.toContain('password-reset');
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
