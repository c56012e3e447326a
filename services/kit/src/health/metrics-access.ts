import { createHash, timingSafeEqual } from 'node:crypto';
import { BlockList, isIPv4 } from 'node:net';
import type { RequestHandler } from 'express';
import { notFoundHandler } from '../http/errors';

/** 127.0.0.0/8, ::1, and IPv4 loopback as an IPv6-mapped address. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  return /^127(\.\d{1,3}){3}$/.test(v4) || address === '::1';
}

const internal = new BlockList();
internal.addSubnet('10.0.0.0', 8, 'ipv4');
internal.addSubnet('172.16.0.0', 12, 'ipv4');
internal.addSubnet('192.168.0.0', 16, 'ipv4');
internal.addSubnet('fc00::', 7, 'ipv6');
internal.addSubnet('fe80::', 10, 'ipv6');

/** Loopback, or a private network's address (RFC 1918, IPv6 unique-local and link-local). */
export function isInternalAddress(address: string | undefined): boolean {
  if (!address) return false;
  if (isLoopbackAddress(address)) return true;
  const v4 = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  if (isIPv4(v4)) return internal.check(v4, 'ipv4');
  try {
    return internal.check(address, 'ipv6');
  } catch {
    return false;
  }
}

/** Headers a proxy or load balancer adds: such a request came from beyond it. */
const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'];

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Who may read /metrics. With METRICS_TOKEN set, only a request carrying it as a bearer token
 * (compared in constant time), from anywhere. Without it, only a direct connection from loopback
 * or the internal network (Prometheus in the cluster): the connection's own address decides, never
 * a header, and a request relayed by a proxy (an Ingress, a load balancer: it says so in
 * X-Forwarded-For) is refused, since it came from beyond. Everyone else gets the plain 404 of a
 * path that does not exist, so the public gateway shows nothing.
 */
export function metricsAccess(token: string | undefined): RequestHandler {
  const expected = token ? digest(token) : undefined;
  return (req, res, next) => {
    if (expected) {
      const [scheme, given] = (req.get('authorization') ?? '').split(' ');
      if (scheme?.toLowerCase() === 'bearer' && given && timingSafeEqual(digest(given), expected))
        return next();
    } else if (
      isInternalAddress(req.socket.remoteAddress) &&
      FORWARDING_HEADERS.every((header) => req.get(header) === undefined)
    ) {
      return next();
    }
    notFoundHandler(req, res, next);
  };
}
