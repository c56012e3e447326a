/**
 * /metrics tells whoever reads it how busy the clinic is and which calls fail: it answers
 * Prometheus (the token, or the internal network) and shows everyone else a plain 404.
 */
import type { Request, Response } from 'express';
import { isInternalAddress, metricsAccess } from './metrics-access';

function ask(
  token: string | undefined,
  remoteAddress: string,
  headers: Record<string, string> = {},
): 'allowed' | number {
  let outcome: 'allowed' | number = 'allowed';
  const req = {
    method: 'GET',
    path: '/metrics',
    socket: { remoteAddress },
    get: (name: string) => headers[name.toLowerCase()],
  } as unknown as Request;
  metricsAccess(token)(req, {} as Response, (err?: unknown) => {
    outcome = err ? ((err as { status: number }).status ?? 500) : 'allowed';
  });
  return outcome;
}

const TOKEN = 'scrape-token-0123456789';

describe('who may read /metrics', () => {
  it('without METRICS_TOKEN: a direct connection from loopback or the internal network only', () => {
    for (const address of ['127.0.0.1', '::1', '::ffff:10.1.2.3', '172.20.0.5', '192.168.1.9'])
      expect(ask(undefined, address)).toBe('allowed');
    for (const address of ['203.0.113.7', '::ffff:8.8.8.8', '2001:db8::1', '172.32.0.1'])
      expect(ask(undefined, address)).toBe(404);
  });

  it('without METRICS_TOKEN: refuses what a proxy relays, whatever client it names', () => {
    expect(ask(undefined, '10.0.0.4', { 'x-forwarded-for': '127.0.0.1' })).toBe(404);
    expect(ask(undefined, '127.0.0.1', { forwarded: 'for=127.0.0.1' })).toBe(404);
    expect(ask(undefined, '10.0.0.4', { 'x-real-ip': '10.0.0.9' })).toBe(404);
  });

  it('with METRICS_TOKEN: the bearer token and nothing else, from anywhere', () => {
    expect(ask(TOKEN, '203.0.113.7', { authorization: `Bearer ${TOKEN}` })).toBe('allowed');
    expect(ask(TOKEN, '10.0.0.4', { authorization: `bearer ${TOKEN}` })).toBe('allowed');
    expect(ask(TOKEN, '127.0.0.1')).toBe(404);
    expect(ask(TOKEN, '127.0.0.1', { authorization: `Bearer ${TOKEN}x` })).toBe(404);
    expect(ask(TOKEN, '127.0.0.1', { authorization: `Basic ${TOKEN}` })).toBe(404);
    expect(ask(TOKEN, '127.0.0.1', { authorization: 'Bearer ' })).toBe(404);
  });

  it('knows the internal ranges by the connection address', () => {
    expect(isInternalAddress('fd12:3456::1')).toBe(true);
    expect(isInternalAddress('fe80::1')).toBe(true);
    expect(isInternalAddress(undefined)).toBe(false);
    expect(isInternalAddress('not an address')).toBe(false);
  });
});
