/**
 * The dev mailbox holds every email and text the product sent, reset links included: whoever
 * reads it can take over any account, the admin's too. So it is mounted only in development and
 * test, and answers only a browser on this machine: the connection must come from loopback, and
 * so must the client a trusted proxy names (a proxy on this machine forwarding a LAN visitor is
 * refused too). Everyone else gets the API's plain 404, as if there were no mailbox.
 */
import type { RequestHandler } from 'express';
import { isLoopbackAddress, notFoundHandler } from '@clinic/kit';

export { isLoopbackAddress };

/** Development and test runs only; a production process never serves it. */
export function mailboxAllowedIn(nodeEnv: 'development' | 'test' | 'production'): boolean {
  return nodeEnv === 'development' || nodeEnv === 'test';
}

export const loopbackOnly: RequestHandler = (req, res, next) => {
  if (isLoopbackAddress(req.socket.remoteAddress) && isLoopbackAddress(req.ip)) return next();
  notFoundHandler(req, res, next);
};
